"""No module of the package imports itself back, even through imports only the type checker reads.

The graph is read from the source with :mod:`ast`: every import statement counts, at the top of a
module, inside a function, or under ``if TYPE_CHECKING:``. A circle there is still a circle for a
reader (neither module can be understood, or moved, without the other), so none is allowed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import blackjack_tui

ROOT = Path(blackjack_tui.__file__).resolve().parent
PACKAGE = "blackjack_tui"


def module_names() -> dict[str, Path]:
    names = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules that ``name`` imports anywhere in its source."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the module's own package
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                found.add(sub if sub in known else source)
    return {target for target in found if target in known and target != name}


def import_graph() -> dict[str, set[str]]:
    names = module_names()
    known = set(names)
    return {name: imported(name, path, known) for name, path in names.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan), as sorted lists."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_no_module_of_the_engine_or_the_analysis_imports_itself_back() -> None:
    pure = ("blackjack_tui.engine", "blackjack_tui.analysis")
    inner = [group for group in circles(import_graph())
             if any(m.startswith(pure) for m in group)]
    assert inner == []


def test_no_circle_anywhere_in_the_package() -> None:
    """None left to untie: the recovery takes the store and the rule sets as parameters, and
    the home evening sits at a ``Seats`` protocol, not at the session that imports it."""
    assert circles(import_graph()) == []


def test_the_graph_sees_imports_made_only_for_the_type_checker() -> None:
    graph = import_graph()
    # controller.strategy imports the round only under TYPE_CHECKING: the edge must be there.
    assert "blackjack_tui.engine.round" in graph["blackjack_tui.controller.strategy"]


def test_a_circle_through_a_type_checking_import_is_found() -> None:
    graph = {"a": {"b"}, "b": {"a"}, "c": {"a"}}
    assert circles(graph) == [["a", "b"]]


def test_an_import_under_type_checking_inside_a_module_makes_an_edge(tmp_path: Path) -> None:
    """The reader of the source counts an import the type checker alone sees, and a relative one."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from typing import TYPE_CHECKING\n"
                                  "if TYPE_CHECKING:\n    from pkg.b import B\n")
    (package / "b.py").write_text("def f():\n    from . import a\n")
    known = {"pkg", "pkg.a", "pkg.b"}
    graph = {name: imported(name, package / (name.split(".")[-1] + ".py"), known)
             for name in ("pkg.a", "pkg.b")}
    assert graph == {"pkg.a": {"pkg.b"}, "pkg.b": {"pkg.a"}}
    assert circles(graph) == [["pkg.a", "pkg.b"]]
