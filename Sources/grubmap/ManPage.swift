import GrubmapWeb

/// grubmap(1) in roff's man macros, made from the command list and each command's `--help`.
enum ManPage {
    static func render(_ definitions: [CommandDefinition]) -> String {
        var page = """
            .TH GRUBMAP 1 "" "Grubmap \(BuildInfo.version)" "User Commands"
            .SH NAME
            grubmap \\- where to eat nearby, for the people at one place: server and tools
            .SH SYNOPSIS
            .B grubmap
            .I command
            .RI [ options ]

            """
        page += ".SH DESCRIPTION\n"
        page += escaped(
            "Grubmap is a self-hosted dining companion for a conference venue or a university campus: a web app "
                + "and JSON API served by grubmap serve, and tools for its data. A mistake on the command line "
                + "prints one line on standard error and exits with status 2.")
        page += "\n.SH COMMANDS\n"
        for definition in definitions {
            page += ".TP\n.B grubmap \(definition.name)\n\(escaped(definition.summary))\n"
        }
        for definition in definitions {
            page += ".SH \"GRUBMAP \(definition.name.uppercased())\"\n.nf\n"
            page += definition.help.split(separator: "\n", omittingEmptySubsequences: false)
                .map { escaped(String($0)) }.joined(separator: "\n")
            page += "\n.fi\n"
        }
        page += ".SH \"SEE ALSO\"\ndocs/operating.md in Grubmap's source, which explains each setting at length.\n"
        return page
    }

    /// `text` as roff shows it: backslashes and hyphens escaped, other than ASCII as `\[uXXXX]` (so no
    /// preprocessor is needed), and a line that starts with `.` or `'` kept from being a request.
    static func escaped(_ text: String) -> String {
        var body = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": body += "\\e"
            case "-": body += "\\-"
            case _ where scalar.isASCII: body.unicodeScalars.append(scalar)
            default: body += "\\[u" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + "]"
            }
        }
        return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
