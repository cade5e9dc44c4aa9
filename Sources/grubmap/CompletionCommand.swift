/// `grubmap completion bash|zsh|fish` and `grubmap man`: shell completion scripts and a man page, both made from
/// ``CommandDefinition/all``, so a new option is completed and documented as soon as its command accepts it.
enum CompletionCommand {
    static let shells = ["bash", "zsh", "fish"]

    static let definition = CommandDefinition(
        words: ["completion"], summary: "Print a shell completion script (bash, zsh or fish)",
        usage: """
            Usage: grubmap completion bash|zsh|fish

            Prints a completion script for the shell: commands, options and the values of options with a fixed few.
              bash: grubmap completion bash > /etc/bash_completion.d/grubmap   (or source it from ~/.bashrc)
              zsh:  grubmap completion zsh > "${fpath[1]}/_grubmap"            (then compinit)
              fish: grubmap completion fish > ~/.config/fish/completions/grubmap.fish
            """,
        options: [], arguments: .words(shells))

    static let manDefinition = CommandDefinition(
        words: ["man"], summary: "Print the man page",
        usage: """
            Usage: grubmap man

            Prints grubmap's man page (roff): man -l <(grubmap man), or
            grubmap man > /usr/local/share/man/man1/grubmap.1
            """,
        options: [])

    static func run(_ arguments: [String]) throws -> Int32 {
        guard let options = try definition.read(arguments) else { return 0 }
        guard options.positional.count == 1, let shell = options.positional.first, shells.contains(shell) else {
            throw UsageError("grubmap completion: name one shell: bash, zsh or fish")
        }
        switch shell {
        case "bash": print(bash(CommandDefinition.all), terminator: "")
        case "zsh": print(zsh(CommandDefinition.all), terminator: "")
        default: print(fish(CommandDefinition.all), terminator: "")
        }
        return 0
    }

    static func runMan(_ arguments: [String]) throws -> Int32 {
        guard let options = try manDefinition.read(arguments) else { return 0 }
        try options.expectNoPositional()
        print(ManPage.render(CommandDefinition.all), terminator: "")
        return 0
    }

    /// The first words (`serve`, `import`, …) and, for commands with kinds, the kinds.
    private static func topLevel(_ definitions: [CommandDefinition]) -> (names: [String], kinds: [String: [String]]) {
        var names: [String] = []
        var kinds: [String: [String]] = [:]
        for definition in definitions {
            let first = definition.words[0]
            if !names.contains(first) { names.append(first) }
            if definition.words.count > 1 { kinds[first, default: []].append(definition.words[1]) }
        }
        return (names, kinds)
    }

    static func bash(_ definitions: [CommandDefinition]) -> String {
        let (names, kinds) = topLevel(definitions)
        var script = """
            # bash completion for grubmap (made by grubmap completion bash)
            _grubmap() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} command=${COMP_WORDS[1]}
                if (( COMP_CWORD == 1 )); then
                    COMPREPLY=($(compgen -W "\(names.joined(separator: " "))" -- "$cur"))
                    return
                fi

            """
        for (name, list) in kinds.sorted(by: { $0.key < $1.key }) {
            script += """
                    if [[ $command == \(name) ]]; then
                        if (( COMP_CWORD == 2 )); then
                            COMPREPLY=($(compgen -W "\(list.joined(separator: " "))" -- "$cur"))
                            return
                        fi
                        command="\(name) ${COMP_WORDS[2]}"
                    fi

                """
        }
        script += "    case \"$command\" in\n"
        for definition in definitions {
            script += "    \"\(definition.name)\")\n        case \"$prev\" in\n"
            let valued = definition.options.filter { !$0.isFlag }
            for option in valued {
                if case .words(let values) = option.completion {
                    let words = values.joined(separator: " ")
                    script +=
                        "        --\(option.name)) COMPREPLY=($(compgen -W \"\(words)\" -- \"$cur\")); return ;;\n"
                }
            }
            let paths = valued.filter { $0.completion == .files }.map { "--\($0.name)" }
            if !paths.isEmpty {
                script += "        \(paths.joined(separator: "|"))) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
            }
            let others = valued.filter { $0.completion == .nothing }.map { "--\($0.name)" }
            if !others.isEmpty {
                script += "        \(others.joined(separator: "|"))) COMPREPLY=(); return ;;\n"
            }
            script += "        esac\n"
            switch definition.arguments {
            case .files:
                script += "        [[ $cur != -* ]] && { COMPREPLY=($(compgen -f -- \"$cur\")); return; }\n"
            case .words(let values):
                let words = values.joined(separator: " ")
                script += "        [[ $cur != -* ]] && "
                script += "{ COMPREPLY=($(compgen -W \"\(words)\" -- \"$cur\")); return; }\n"
            case .nothing:
                break
            }
            let options = definition.options.map { "--\($0.name)" }.joined(separator: " ")
            script += "        COMPREPLY=($(compgen -W \"\(options)\" -- \"$cur\")) ;;\n"
        }
        script += "    esac\n}\ncomplete -o filenames -F _grubmap grubmap\n"
        return script
    }

    static func zsh(_ definitions: [CommandDefinition]) -> String {
        let (names, kinds) = topLevel(definitions)
        func summary(_ name: String) -> String {
            definitions.first { $0.words == [name] }?.summary
                ?? "\(name) " + (kinds[name] ?? []).joined(separator: " or ")
        }
        var script = """
            #compdef grubmap
            # zsh completion for grubmap (made by grubmap completion zsh)
            _grubmap() {
                local -a commands
                commands=(\(names.map { "'\($0):\(zshQuoted(summary($0)))'" }.joined(separator: " ")))
                if (( CURRENT == 2 )); then
                    _describe command commands
                    return
                fi
                local command=$words[2]
                shift words
                (( CURRENT-- ))

            """
        for (name, list) in kinds.sorted(by: { $0.key < $1.key }) {
            script += """
                    if [[ $command == \(name) ]]; then
                        if (( CURRENT == 2 )); then
                            compadd \(list.joined(separator: " "))
                            return
                        fi
                        command="\(name) $words[2]"
                        shift words
                        (( CURRENT-- ))
                    fi

                """
        }
        script += "    case $command in\n"
        for definition in definitions {
            var specs: [String] = []
            for option in definition.options {
                guard !option.isFlag else {
                    specs.append("'--\(option.name)'")
                    continue
                }
                let action =
                    switch option.completion {
                    case .words(let values): "(\(values.joined(separator: " ")))"
                    case .files: "_files"
                    case .nothing: " "
                    }
                specs.append("'--\(option.name)=:\(option.name):\(action)'")
            }
            switch definition.arguments {
            case .files: specs.append("'1:file:_files'")
            case .words(let values): specs.append("'1:argument:(\(values.joined(separator: " ")))'")
            case .nothing: break
            }
            script += "    \"\(definition.name)\") _arguments \(specs.joined(separator: " ")) ;;\n"
        }
        script += "    esac\n}\n_grubmap \"$@\"\n"
        return script
    }

    static func fish(_ definitions: [CommandDefinition]) -> String {
        let (names, kinds) = topLevel(definitions)
        var lines = [
            "# fish completion for grubmap (made by grubmap completion fish)",
            "complete -c grubmap -f",
        ]
        for name in names {
            let summary =
                definitions.first { $0.words == [name] }?.summary ?? (kinds[name] ?? []).joined(separator: ", ")
            lines.append("complete -c grubmap -n __fish_use_subcommand -a \(name) -d '\(fishQuoted(summary))'")
        }
        for (name, list) in kinds.sorted(by: { $0.key < $1.key }) {
            for kind in list {
                let summary = definitions.first { $0.words == [name, kind] }?.summary ?? kind
                lines.append(
                    "complete -c grubmap -n '__fish_seen_subcommand_from \(name); and not __fish_seen_subcommand_from "
                        + "\(list.joined(separator: " "))' -a \(kind) -d '\(fishQuoted(summary))'")
            }
        }
        for definition in definitions {
            let condition = definition.words.map { "__fish_seen_subcommand_from \($0)" }.joined(separator: "; and ")
            for option in definition.options {
                var line = "complete -c grubmap -n '\(condition)' -l \(option.name)"
                if !option.isFlag {
                    switch option.completion {
                    case .words(let values): line += " -x -a '\(values.joined(separator: " "))'"
                    case .files: line += " -r -F"
                    case .nothing: line += " -x"
                    }
                }
                lines.append(line)
            }
            switch definition.arguments {
            case .files: lines.append("complete -c grubmap -n '\(condition)' -F")
            case .words(let values):
                lines.append("complete -c grubmap -n '\(condition)' -a '\(values.joined(separator: " "))'")
            case .nothing: break
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func zshQuoted(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: ":", with: "\\:")
    }

    private static func fishQuoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }
}
