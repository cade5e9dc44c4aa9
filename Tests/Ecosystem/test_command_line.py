"""`grubmap completion bash|zsh|fish` and `grubmap man`, made from the command definitions: completions asked of
real bash and fish as a person's Tab would ask them, zsh's script read by zsh, the man page rendered by groff with
every command and option in it, and a bad shell refused. `grubmap api-key`: a key made on the command line works
against a running server's admin API until it is revoked, and bad input changes nothing."""

import json
import re
import shutil
import sqlite3
import subprocess
import urllib.error
import urllib.request

import pytest

from conftest import BINARY

COMMANDS = ["serve", "migrate", "distance", "fare", "import menu", "import places", "import basemap", "export places",
            "completion", "man", "operator add", "operator list", "operator remove", "operator reset", "feed set",
            "feed list", "feed remove", "feed fetch", "api-key add", "api-key list", "api-key revoke"]


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
    listed = re.findall(r"^  ([a-z][a-z-]*) ", grubmap("--help").stdout.split("Commands:", 1)[1], re.M)
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


def admin_api(server, path, token):
    """The admin API's status and body for `path` with `token`."""
    request = urllib.request.Request(server.url(path), headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def audit_entries(database, action):
    with sqlite3.connect(database) as connection:
        return connection.execute(
            "SELECT actor, actor_name, area_id, subject, after_value FROM audit_log WHERE action = ? ORDER BY id",
            (action,)).fetchall()


def test_an_api_key_made_listed_and_revoked_on_the_command_line(serve, tmp_path):
    server = serve()
    database = str(tmp_path / "grubmap.sqlite")
    made = grubmap("api-key", "add", "--area", "pnu-busan", "--scope", "write", "--label", "menu  script",
                   "--database", database)
    assert made.returncode == 0, made.stderr
    token = made.stdout.strip()
    assert re.fullmatch(r"gmk_[A-Za-z0-9_-]{43}", token), made.stdout
    key_id = re.search(r"made API key ([0-9a-f]{16}) of pnu-busan \(write\) \"menu script\"", made.stderr).group(1)

    status, body = admin_api(server, "/api/v1/admin/areas/pnu-busan/places", token)
    assert status == 200 and any(place["id"] == "pnu-busan-geumjeong-hall" for place in body["places"])
    # A key is for its own area only.
    assert admin_api(server, "/api/v1/admin/areas/san-jose-convention-center/places", token)[0] in (403, 404)
    assert audit_entries(database, "api-key.create") == [
        ("cli", "command line", "pnu-busan", f"menu script ({key_id})", "write")]

    read = grubmap("api-key", "add", "--area", "san-jose-convention-center", "--scope", "read",
                   "--database", database)
    assert read.returncode == 0, read.stderr
    listed = grubmap("api-key", "list", "--database", database).stdout.splitlines()
    assert len(listed) == 2
    row = next(line.split("\t") for line in listed if line.startswith(key_id))
    assert row[1:4] == ["pnu-busan", "write", "menu script"]
    assert row[4].startswith("made by command line ") and row[-1] == "active"
    only_busan = grubmap("api-key", "list", "--area", "pnu-busan", "--database", database).stdout.splitlines()
    assert [line.split("\t")[0] for line in only_busan] == [key_id]

    revoked = grubmap("api-key", "revoke", key_id, "--database", database)
    assert revoked.returncode == 0 and f"revoked API key {key_id}" in revoked.stdout
    assert admin_api(server, "/api/v1/admin/areas/pnu-busan/places", token)[0] == 401
    row = next(line.split("\t") for line in grubmap("api-key", "list", "--database", database).stdout.splitlines()
               if line.startswith(key_id))
    assert row[-1].startswith("revoked ")
    assert [entry[:3] for entry in audit_entries(database, "api-key.revoke")] == [("cli", "command line", "pnu-busan")]
    again = grubmap("api-key", "revoke", key_id, "--database", database)
    assert again.returncode == 0 and "revoked already" in again.stdout
    assert len(audit_entries(database, "api-key.revoke")) == 1


@pytest.mark.parametrize("arguments, message", [
    (["add", "--area", "atlantis", "--scope", "read"], 'grubmap api-key add: there is no area "atlantis" (areas: '),
    (["add", "--area", "Not An Id!", "--scope", "read"], 'grubmap api-key add: there is no area "Not An Id!"'),
    (["add", "--area", "pnu-busan", "--scope", "admin"], 'grubmap api-key add: --scope must be read or write, got "admin"'),
    (["add", "--area", "pnu-busan"], "grubmap api-key add: --scope read|write is required"),
    (["add", "--scope", "read"], "grubmap api-key add: --area ID is required"),
    (["add", "--area", "pnu-busan", "--scope", "read", "--label", "x" * 81],
     "grubmap api-key add: --label must say what the key is for in 1 to 80 characters"),
    (["add", "--area", "pnu-busan", "--scope", "read", "--label", "  "],
     "grubmap api-key add: --label must say what the key is for in 1 to 80 characters"),
    (["add", "--area", "pnu-busan", "--scope", "read", "--owner", "me"],
     "grubmap api-key add: unknown option --owner (see grubmap api-key add --help)"),
    (["list", "--area", "atlantis"], 'grubmap api-key list: there is no area "atlantis"'),
    (["revoke"], "grubmap api-key revoke: name one key: grubmap api-key revoke KEY-ID"),
    (["revoke", "0123456789abcdef"], "grubmap api-key revoke: there is no API key 0123456789abcdef"),
    (["revoke", "../../etc"], 'grubmap api-key revoke: "../../etc" is not a key id'),
    (["rotate"], 'grubmap api-key: unknown action "rotate"'),
    ([], "grubmap api-key: say what to do: add, list or revoke"),
])
def test_bad_api_key_input_is_one_line_and_changes_nothing(serve, tmp_path, arguments, message):
    serve()  # the demo areas in the database
    database = str(tmp_path / "grubmap.sqlite")
    result = grubmap("api-key", *arguments, "--database", database) if arguments else grubmap("api-key")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(message) and result.stderr.count("\n") == 1, result.stderr
    assert audit_entries(database, "api-key.create") == []
    assert "no API keys" in grubmap("api-key", "list", "--database", database).stdout


def test_a_basemap_named_like_an_option_is_read_as_a_file(serve, tmp_path):
    """osmium gets `--` before the file name: an extract named `-o.osm.pbf` is read, not taken for osmium's -o."""
    assert shutil.which("osmium"), "osmium-tool is not installed (scripts/install-deps test installs it)"
    serve("sqlite")  # makes grubmap.sqlite in tmp_path with the demo areas
    (tmp_path / "street.osm").write_text(
        '<?xml version="1.0"?>\n<osm version="0.6">'
        '<node id="1" version="1" lat="35.2330" lon="129.0790"/><node id="2" version="1" lat="35.2340" lon="129.0810"/>'
        '<way id="10" version="1"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/>'
        '<tag k="name" v="Option Street"/></way></osm>\n')
    converted = subprocess.run(["osmium", "cat", "street.osm", "-o", "./-o.osm.pbf", "-O"], cwd=tmp_path,
                               capture_output=True, text=True, timeout=30)
    assert converted.returncode == 0, converted.stderr
    result = subprocess.run([str(BINARY), "import", "basemap", "-o.osm.pbf", "--area", "pnu-busan",
                             "--database", "grubmap.sqlite"], cwd=tmp_path, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert "cannot be specified more than once" not in result.stderr


def fare_distance(start):
    result = grubmap("fare", "--demo", "--from", start, "--to", "pnu-busan-geumjeong-hall")
    assert result.returncode == 0, result.stderr
    return next(line for line in result.stdout.splitlines() if line.startswith("Distance"))


def test_a_fare_is_priced_along_the_demo_roads_from_near_them_only():
    # From the campus's main road: along the demo's schematic roads, door to door, never shorter than the straight
    # line.
    near = re.match(r"Distance  ([\d.]+) km along the roads, ([\d.]+) km in a straight line", fare_distance(
        "35.2312,129.0838"))
    assert near and float(near.group(1)) >= float(near.group(2))
    # From across the city, the nearest demo road says nothing of the way: the straight line times the detour.
    far = fare_distance("35.10,129.0")
    assert re.match(r"Distance  [\d.]+ km by road \(the straight line × 1\.3\), 16\.\d+ km in a straight line", far)
    # The command's help says so too.
    assert "along the roads" in grubmap("fare", "--help").stdout
