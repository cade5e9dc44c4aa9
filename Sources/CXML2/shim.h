#include <libxml/xmlversion.h>
/* libxml2's headers would include ICU's for a structure Grubmap never touches (an encoding handler's converter),
   and those clash with the copy of ICU that swift-corelibs-foundation ships. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>

/// libxml2 writes some errors (an encoding that fails to convert) to stderr through its generic handler rather than
/// the reader's; this handler drops them on the calling thread, where the reader reports its own errors instead.
static void cxml2_ignore(void *context, const char *message, ...) {}
static inline void cxml2_silence_generic_errors(void) { xmlSetGenericErrorFunc(NULL, cxml2_ignore); }
