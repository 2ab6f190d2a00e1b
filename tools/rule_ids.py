#!/usr/bin/env python3
# rule_ids.py: the rule ids the repository cites and the ones docs/rules.md defines are the
# same set (ctest rule_ids, label unit).
#   python3 tools/rule_ids.py           exit 0 when every cited id is defined and every defined
#                                       id is cited; else 1, one line per fault on stderr
#   python3 tools/rule_ids.py --list    also print each defined id, its citations and the
#                                       first place citing it
#
# A definition is a level-3 heading of docs/rules.md that is one id and nothing else.
#
# A citation is an id anywhere in the text of a file of the repository other than
# docs/rules.md: in code, comments, strings, test names, documents. An id is the letter P, R,
# T, F or G, a dash, then words joined by single dashes: the first word a capital letter and at
# least one more capital or digit, each further word capitals and digits (so "EC P-256",
# "T-0", a "T-" with one capital after it, and the one-letter "F-T" are not ids). It stands alone: no letter, digit,
# underscore or dash right before it; no letter or digit right after it, nor a dash followed
# by one (an underscore may follow: test names such as "<id>_ranks"). Text is matched with
# its case: lowercase words are never ids.
#
# An id broken across a line end (its start and a dash at the end of one line, the rest at
# the start of the next, after the indentation and any comment leader) is a fault of its
# own: an id is kept on one line, so that grep -w finds every place that cites it.
#
# Files read: the repository's files as git lists them (tracked, and untracked ones that are
# not ignored; without git, a walk that skips node_modules/, vendor/, build*/ and
# tests/artifacts/), less binary files (a NUL byte or not UTF-8: the screenshots) and the
# game records and fuzzer inputs of tests/data/games/ and tests/fuzz/corpus/: moves in other
# servers' encodings, not text the project writes (chess.com's move lists hold letter, dash,
# capitals sequences that are no rule ids).
import argparse, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = "docs/rules.md"
NOT_TEXT = ("tests/data/games/", "tests/fuzz/corpus/")

ID = r"[PRTFGO]-[A-Z][A-Z0-9]+(?:-[A-Z0-9]+)*"
CITE = re.compile(r"(?<![A-Za-z0-9_-])(" + ID + r")(?![A-Za-z0-9]|-[A-Za-z0-9]|-\s*$)")
DEFINE = re.compile(r"^###[ \t]+(" + ID + r")[ \t]*$")
# The start of an id ending a line with a dash (the prefix letter and its dash, or the first
# words of an id and a dash), and the rest of it opening the next line after its indentation
# and comment leader ("*", "//", "#", "--", ";", ">").
BROKEN_HEAD = re.compile(r"(?<![A-Za-z0-9_-])([PRTFGO]-(?:[A-Z][A-Z0-9]+-(?:[A-Z0-9]+-)*)?)\s*$")
BROKEN_TAIL = re.compile(r"^\s*(?:(?:\*|//|#|--|;|>)\s*)*([A-Z0-9]+(?:-[A-Z0-9]+)*)(?![A-Za-z0-9])")


def files():
    try:
        out = subprocess.run(["git", "-C", ROOT, "ls-files", "-z", "--cached", "--others",
                              "--exclude-standard"], capture_output=True, check=True).stdout
        paths = [p.decode() for p in out.split(b"\0") if p]
    except (OSError, subprocess.CalledProcessError):
        paths = []
        for d, dirs, names in os.walk(ROOT):
            rel = os.path.relpath(d, ROOT).replace(os.sep, "/")
            dirs[:] = [x for x in dirs if not (x.startswith(".git") or x in ("node_modules", "vendor")
                       or (rel == "." and x.startswith("build"))
                       or (rel == "tests" and x == "artifacts"))]
            paths += [n if rel == "." else rel + "/" + n for n in names]
    return sorted(set(p for p in paths if not p.startswith(NOT_TEXT)))


def text_of(path):
    try:
        with open(os.path.join(ROOT, path), "rb") as f:
            data = f.read()
    except OSError:  # listed by git but deleted in the work tree
        return None
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def scan(path, text, cites, faults):
    """Adds path's citations to cites (id -> [(path, line)]) and broken ids to faults."""
    lines = text.split("\n")
    for n, line in enumerate(lines, 1):
        for m in CITE.finditer(line):
            cites.setdefault(m.group(1), []).append((path, n))
        head = BROKEN_HEAD.search(line)
        tail = BROKEN_TAIL.match(lines[n]) if head and n < len(lines) else None
        if tail:
            whole = head.group(1) + tail.group(1)
            if re.fullmatch(ID, whole):
                faults.append(f"{path}:{n}: rule id {whole} is broken across the line end "
                              f"({head.group(1)!r} + {tail.group(1)!r}): keep an id on one "
                              f"line, so that grep -w finds it")


def main():
    ap = argparse.ArgumentParser(description="Checks that the rule ids cited in the "
                                 "repository and those defined in docs/rules.md agree.")
    ap.add_argument("--list", action="store_true", help="print every defined id with its citations")
    args = ap.parse_args()

    doc = text_of(DOC)
    if doc is None:
        print(f"rule_ids: {DOC} is missing or not UTF-8 text", file=sys.stderr)
        return 1
    faults, defined = [], {}
    for n, line in enumerate(doc.split("\n"), 1):
        m = DEFINE.match(line)
        if m:
            if m.group(1) in defined:
                faults.append(f"{DOC}:{n}: {m.group(1)} is defined twice (first at line "
                              f"{defined[m.group(1)]})")
            else:
                defined[m.group(1)] = n
    if not defined:
        faults.append(f"{DOC}: no definitions (a definition is a line '### <id>')")

    cites, doc_cites, nfiles = {}, {}, 0
    for path in files():
        text = text_of(path)
        if text is None:
            continue
        if path == DOC:
            scan(path, text, doc_cites, faults)
            continue
        nfiles += 1
        scan(path, text, cites, faults)

    for rid in sorted(cites, key=lambda r: cites[r][0]):
        if rid not in defined:
            p, n = cites[rid][0]
            faults.append(f"{p}:{n}: {rid} is cited ({len(cites[rid])} time(s), this is the "
                          f"first) but {DOC} does not define it")
    for rid in sorted(doc_cites, key=lambda r: doc_cites[r][0]):
        if rid not in defined:
            p, n = doc_cites[rid][0]
            faults.append(f"{p}:{n}: {rid} is named in {DOC} but not defined there")
    for rid, n in sorted(defined.items(), key=lambda kv: kv[1]):
        if rid not in cites:
            faults.append(f"{DOC}:{n}: {rid} is defined but nothing outside {DOC} cites it")

    if args.list:
        for rid, n in sorted(defined.items(), key=lambda kv: kv[1]):
            c = cites.get(rid, [])
            first = f"{c[0][0]}:{c[0][1]}" if c else "-"
            print(f"{rid:18} {DOC}:{n:<4} {len(c):4} citation(s), first {first}")
    if faults:
        for f in faults:
            print(f"rule_ids: {f}", file=sys.stderr)
        print(f"rule_ids: {len(faults)} fault(s)", file=sys.stderr)
        return 1
    citing = len({p for c in cites.values() for p, _ in c})
    print(f"rule_ids: {len(defined)} ids defined in {DOC}, each cited; "
          f"{sum(map(len, cites.values()))} citations in {citing} of the {nfiles} files read, "
          f"each of a defined id")
    return 0


if __name__ == "__main__":
    sys.exit(main())
