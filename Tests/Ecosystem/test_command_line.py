"""`grubmap completion bash|zsh|fish` and `grubmap man`, made from the command definitions: completions asked of
real bash and fish as a person's Tab would ask them, zsh's script read by zsh, the man page rendered by groff with
every command and option in it, and a bad shell refused."""

import re
import shutil
import subprocess

import pytest

from conftest import BINARY

COMMANDS = ["serve", "migrate", "distance", "fare", "import menu", "import places", "import basemap", "export places",
            "completion", "man", "operator add", "operator list", "operator remove", "operator reset", "feed set",
            "feed list", "feed remove", "feed fetch"]


def grubmap(*arguments):
    return subprocess.run([str(BINARY), *arguments], capture_output=True, text=True, timeout=30)


def options_of(command):
    """The options a command's --help names."""
    return set(re.findall(r"(?<![\w-])--([a-z][a-z-]*)", grubmap(*command.split(), "--help").stdout))


def bash_complete(script_path, *words):
    """What bash's Tab offers after `words` (the last is the word being typed)."""
    program = f"""
        source {script_path}
        COMP_WORDS=({" ".join(f"'{word}'" for word in words)}); COMP_CWORD={len(words) - 1}; COMPREPLY=()
        _grubmap
        printf '%s\\n' "${{COMPREPLY[@]}}"
    """
    result = subprocess.run(["bash", "--norc", "-c", program], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    return set(result.stdout.split())


def test_bash_completes_commands_options_and_their_values(tmp_path):
    script = tmp_path / "grubmap.bash"
    script.write_text(grubmap("completion", "bash").stdout)
    assert bash_complete(script, "grubmap", "") >= {"serve", "migrate", "import", "export", "completion", "man"}
    assert bash_complete(script, "grubmap", "se") == {"serve"}
    assert bash_complete(script, "grubmap", "serve", "--log-f") == {"--log-format"}
    assert bash_complete(script, "grubmap", "serve", "--log-format", "") == {"text", "json"}
    assert bash_complete(script, "grubmap", "serve", "--metrics", "") == {"loopback", "public", "off"}
    assert bash_complete(script, "grubmap", "serve", "--port", "") == set()
    assert bash_complete(script, "grubmap", "import", "") == {"basemap", "menu", "places"}
    assert bash_complete(script, "grubmap", "import", "menu", "--") == {"--place", "--database", "--help"}
    (tmp_path / "feed.xml").write_text("<openmensa/>")
    assert bash_complete(script, "grubmap", "import", "menu", str(tmp_path / "fe")) == {str(tmp_path / "feed.xml")}
    # Every option a command's --help names is completed, and nothing else.
    for command in COMMANDS:
        completed = bash_complete(script, "grubmap", *command.split(), "--")
        assert {option[2:] for option in completed} == options_of(command), command


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed (scripts/install-deps test)")
def test_fish_completes_the_same(tmp_path):
    script = tmp_path / "grubmap.fish"
    script.write_text(grubmap("completion", "fish").stdout)

    def complete(line):
        result = subprocess.run(["fish", "--no-config", "-c", f"source {script}; complete -C '{line}'"],
                                capture_output=True, text=True, timeout=30)
        assert result.returncode == 0, result.stderr
        return {entry.split("\t")[0] for entry in result.stdout.splitlines()}

    assert "serve" in complete("grubmap ")
    assert complete("grubmap serve --log-format ") == {"text", "json"}
    assert complete("grubmap import ") == {"basemap", "menu", "places"}
    assert complete("grubmap import menu --") == {"--place", "--database", "--help"}
    assert {option[2:] for option in complete("grubmap serve --")} == options_of("serve")


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed (scripts/install-deps test)")
def test_zsh_reads_its_script(tmp_path):
    script = tmp_path / "_grubmap"
    script.write_text(grubmap("completion", "zsh").stdout)
    assert script.read_text().startswith("#compdef grubmap\n")
    result = subprocess.run(["zsh", "-n", str(script)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    for option in options_of("serve"):
        assert f"'--{option}" in script.read_text()


def test_the_man_page_renders_with_every_command_and_option(tmp_path):
    page = tmp_path / "grubmap.1"
    page.write_text(grubmap("man").stdout)
    result = subprocess.run(["groff", "-man", "-Tutf8", "-ww", str(page)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    text = re.sub(r".\x08", "", result.stdout)  # overstrikes for bold and underline
    for command in COMMANDS:
        assert f"grubmap {command}" in text, command
        for option in options_of(command):
            assert f"--{option}" in text.replace("\u2212", "-"), (command, option)


def test_every_command_grubmap_lists_is_completed_and_in_the_man_page(tmp_path):
    listed = re.findall(r"^  ([a-z]+) ", grubmap("--help").stdout.split("Commands:", 1)[1], re.M)
    assert "serve" in listed and "man" in listed
    script = tmp_path / "grubmap.bash"
    script.write_text(grubmap("completion", "bash").stdout)
    assert bash_complete(script, "grubmap", "") == set(listed)
    page = grubmap("man").stdout
    for command in listed:
        assert f".B grubmap {command}" in page, f"grubmap {command} has no CommandDefinition in CommandDefinition.all"


def test_a_shell_it_does_not_know_is_refused():
    result = grubmap("completion", "tcsh")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == "grubmap completion: name one shell: bash, zsh or fish\n"
