// glibc's malloc tuning (mallopt), which the Glibc module does not bring in.
#include <malloc.h>
