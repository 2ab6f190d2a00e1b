#!/usr/bin/env python3
"""include_graph.py: the dependency graph of server/src, checked (ctest include_graph).

Two graphs are read from the sources, as text (no compiler):
  the include graph   file -> the file its #include "x.h" names (resolved by base name:
                      every header name in server/src is unique, checked here too);
  the use graph       file F.c -> file G.c when F's code (comments and strings left out)
                      names a function or a variable that G.c defines with external linkage.
                      A header that declares the functions of several files (hub_int.h)
                      hides that F calls G; this graph does not.

It fails (exit 1), printing each finding, when:
  - two headers share a base name (an include would be ambiguous);
  - a file outside server/src/store includes a database engine's header (sqlite3.h,
    libpq-fe.h): the store is the only module that talks to a database;
  - a file in a format folder (server/src/tourney/{swiss,club,league}) includes a header of
    another format's folder: formats meet only through tourney/seam and tourney/common;
  - the include graph or the use graph has a circle through files of different folders;
  - the use graph has a circle inside a folder listed in ACYCLIC (the hub and the team
    events are layered: a lower file never calls a higher one; callbacks go down as hooks).
It lists (and does not fail on) the circles inside other folders, with the names that tie them.

Usage: include_graph.py [ROOT]   (ROOT: the repository, default: this file's parent's parent)
"""
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
SRC = os.path.join(ROOT, "server", "src")
FORMATS = ["tourney/swiss", "tourney/club", "tourney/league"]
ACYCLIC = ["hub", "tourney/seam", "tourney/common", "tourney/swiss", "tourney/club", "tourney/league"]

COMMENT_OR_STRING = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
SYSTEM_INCLUDE = re.compile(r'^\s*#\s*include\s+<([^>]+)>', re.M)
# Headers of a library that only one folder may include.
OWNED = {"sqlite3.h": "store", "libpq-fe.h": "store"}
# A definition with external linkage at file scope: a line at column 0 that is not static,
# names an identifier followed by "(" (a function) or "=" / "[" / ";" (a variable), and, for a
# function, is followed by a body.
FUNC_DEF = re.compile(r'^(?!static\b|typedef\b|extern\b|#|return\b)[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)\s*\(([^;{}]*?)\)\s*\{', re.M | re.S)
VAR_DEF = re.compile(r'^(?!static\b|typedef\b|extern\b|#|return\b|struct\s+\w+\s*\{|enum\b)(?:const\s+)?[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)\s*(?:\[[^\]]*\])?\s*=', re.M)


def strip(text):
    return COMMENT_OR_STRING.sub(lambda m: " " if m.group(0)[0] in "/" else '""', text)


def folder(rel):
    d = os.path.dirname(rel)
    return d if d else "."


def main():
    files = {}
    for dirpath, _, names in os.walk(SRC):
        for n in names:
            if n.endswith((".c", ".h", ".inc")):
                p = os.path.join(dirpath, n)
                files[os.path.relpath(p, SRC)] = open(p, encoding="utf-8", errors="replace").read()
    problems = []

    by_name = {}
    for rel in files:
        if rel.endswith(".h"):
            by_name.setdefault(os.path.basename(rel), []).append(rel)
    for name, rels in sorted(by_name.items()):
        if len(rels) > 1:
            problems.append("two headers named %s: %s" % (name, ", ".join(sorted(rels))))

    for rel, text in sorted(files.items()):
        for name in SYSTEM_INCLUDE.findall(text):
            owner = OWNED.get(name)
            if owner and folder(rel) != owner:
                problems.append("%s includes <%s>: only %s/ may" % (rel, name, owner))

    # The include graph.
    inc = {rel: set() for rel in files}
    for rel, text in files.items():
        for name in INCLUDE.findall(text):
            target = by_name.get(os.path.basename(name))
            if target:
                inc[rel].add(target[0])

    for rel in sorted(files):
        f = folder(rel)
        if f not in FORMATS:
            continue
        for t in sorted(inc[rel]):
            g = folder(t)
            if g in FORMATS and g != f:
                problems.append("%s includes %s: a format includes another format's header"
                                % (rel, t))

    # The use graph over the .c files.
    code = {rel: strip(text) for rel, text in files.items() if rel.endswith(".c")}
    defines = {}
    for rel, text in code.items():
        for m in FUNC_DEF.finditer(text):
            defines.setdefault(m.group(1), set()).add(rel)
        for m in VAR_DEF.finditer(text):
            defines.setdefault(m.group(1), set()).add(rel)
    for name in [n for n, rels in defines.items() if len(rels) > 1]:
        del defines[name]  # main, or a name defined twice (in different programs)
    word = re.compile(r"\b[A-Za-z_]\w*\b")
    use = {rel: {} for rel in code}
    for rel, text in code.items():
        for w in set(word.findall(text)):
            for g in defines.get(w, ()):
                if g != rel:
                    use[rel].setdefault(g, set()).add(w)

    def circles(graph):
        """Tarjan's strongly connected components of size > 1."""
        index, low, on, stack, out = {}, {}, set(), [], []
        counter = [0]
        sys.setrecursionlimit(10000)

        def visit(v):
            index[v] = low[v] = counter[0]
            counter[0] += 1
            stack.append(v)
            on.add(v)
            for w in graph[v]:
                if w not in index:
                    visit(w)
                    low[v] = min(low[v], low[w])
                elif w in on:
                    low[v] = min(low[v], index[w])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))

        for v in sorted(graph):
            if v not in index:
                visit(v)
        return out

    listed = []
    for kind, graph in (("include", {k: sorted(v) for k, v in inc.items()}),
                        ("use", {k: sorted(v) for k, v in use.items()})):
        for comp in circles(graph):
            folders = sorted({folder(r) for r in comp})
            ties = []
            if kind == "use":
                for a in comp:
                    for b in comp:
                        if b in use[a]:
                            ties.append("    %s -> %s: %s" % (a, b, ", ".join(sorted(use[a][b])[:6])))
            line = "%s circle of %d files in %s: %s" % (kind, len(comp), ", ".join(folders),
                                                         " ".join(comp))
            if len(folders) > 1 or folders[0] in ACYCLIC:
                problems.append("\n".join([line] + ties))
            else:
                listed.append("\n".join([line] + ties))

    for l in listed:
        print("listed (inside one folder): " + l)
    for p in problems:
        print("FAIL: " + p)
    nuse = sum(len(v) for v in use.values())
    ninc = sum(len(v) for v in inc.values())
    print("%d files, %d includes, %d uses between .c files; %d circles listed, %d problems"
          % (len(files), ninc, nuse, len(listed), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
