"""Finds every use of a private name of Textual or Rich in Python modules, from their syntax trees.

A private name is one that begins with an underscore (dunders aside). What is looked for:

- an import of a private module or name of ``textual`` or ``rich`` (``from textual._x import``,
  ``import rich._y``, ``from textual import _z``, ``from textual.strip import _w``), and any string
  naming one (``importlib.import_module("textual._x")``, a patch target);
- an attribute of a private name (``widget._size``, ``style._meta``), also through ``getattr``,
  ``setattr``, ``hasattr`` and ``delattr`` with the name as a literal, and Python's mangled form
  (``_Static__content``).

Which attributes are Textual's or Rich's: every private name the two libraries define anywhere
(a function, a class, a module, a name or attribute assigned) is theirs, unless the module's own
classes own it. On ``self``/``cls`` inside one of the scanned classes the class decides: the name
is the module's own when a scanned class in its line (its bases, or the classes it is mixed into)
defines it and no Textual or Rich class in that line does — a name both define is Textual's
attribute read or overwritten, and is found. On any other object a name the libraries define is
found whoever else defines it.
"""

from __future__ import annotations

import ast
import inspect
import re
import sys
import textwrap
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

LIBRARIES = ("textual", "rich")
NAMED_ACCESS = {"getattr", "setattr", "hasattr", "delattr"}
LIBRARY_PATH = re.compile(r"^(?:textual|rich)(?:\.\w+)*\._\w*")
MANGLED = re.compile(r"^_([A-Za-z]\w*?)__\w+$")


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


@dataclass(frozen=True, order=True)
class Finding:
    """A private name of Textual or Rich used at ``path:line`` (in function ``where``)."""

    path: str
    line: int
    name: str
    where: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line} {self.name} (in {self.where or 'the module'})"


def _assigned_privates(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
    return {name for name in names if private(name)}


@cache
def library_privates() -> frozenset[str]:
    """Every private name Textual and Rich define, in any module of theirs."""
    names: set[str] = set()
    for library in LIBRARIES:
        root = Path(__import__(library).__file__ or "").parent
        for path in root.rglob("*.py"):
            if private(path.stem):
                names.add(path.stem)
            names |= _assigned_privates(ast.parse(path.read_text(encoding="utf-8")))
    return frozenset(names)


def _is_library(cls: type) -> bool:
    return cls.__module__.split(".")[0] in LIBRARIES


@cache
def class_privates(cls: type) -> frozenset[str]:
    """The private names a class defines itself: in its body, its slots, or assigned on
    ``self``/``cls`` in its methods."""
    names = {name for name in vars(cls) if private(name)}
    names |= {name for name in getattr(cls, "__slots__", ()) if private(name)}
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):
        return frozenset(names)
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) \
                and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls") \
                and private(node.attr):
            names.add(node.attr)
    return frozenset(names)


class Scan:
    """Scans ``modules`` (imported, with their source files) together: a class of one may be
    mixed into a class of another."""

    def __init__(self, modules: Iterable[ModuleType], root: Path) -> None:
        self.modules = list(modules)
        self.root = root
        self.classes = [value for module in self.modules for value in vars(module).values()
                        if isinstance(value, type) and value.__module__ == module.__name__]

    def findings(self) -> list[Finding]:
        found: list[Finding] = []
        for module in self.modules:
            path = Path(module.__file__ or "")
            tree = ast.parse(path.read_text(encoding="utf-8"))
            found += _Visitor(self, module, str(path.relative_to(self.root))).run(tree)
        return sorted(found)

    def line_of(self, cls: type) -> list[type]:
        """``cls``, its bases, and every scanned class it is part of (a mixin's widgets)."""
        line = list(cls.__mro__)
        for other in self.classes:
            if cls in other.__mro__:
                line += [c for c in other.__mro__ if c not in line]
        return line

    def library_owns(self, cls: type | None, name: str) -> bool:
        if cls is None:
            return name in library_privates()
        line = self.line_of(cls)
        if any(_is_library(c) and name in class_privates(c) for c in line):
            return True
        ours = any(not _is_library(c) and c is not object and name in class_privates(c)
                   for c in line)
        return not ours and name in library_privates()


class _Visitor(ast.NodeVisitor):
    def __init__(self, scan: Scan, module: ModuleType, path: str) -> None:
        self.scan, self.module, self.path = scan, module, path
        self.classes: list[ast.ClassDef] = []
        self.functions: list[str] = []
        self.found: list[Finding] = []

    def run(self, tree: ast.AST) -> list[Finding]:
        self.visit(tree)
        return self.found

    def add(self, node: ast.AST, name: str) -> None:
        where = ".".join([c.name for c in self.classes[-1:]] + self.functions[:1])
        self.found.append(Finding(self.path, getattr(node, "lineno", 0), name, where))

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.classes.append(node)
        saved, self.functions = self.functions, []
        self.generic_visit(node)
        self.functions = saved
        self.classes.pop()

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.functions.append(node.name)
        self.generic_visit(node)
        self.functions.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._module_path(node, alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level or not node.module:
            return
        if self._module_path(node, node.module):
            return
        if node.module.split(".")[0] in LIBRARIES:
            for alias in node.names:
                if private(alias.name):
                    self.add(node, f"{node.module}.{alias.name}")

    def _module_path(self, node: ast.AST, dotted: str) -> bool:
        parts = dotted.split(".")
        if parts[0] in LIBRARIES and any(private(part) for part in parts):
            self.add(node, dotted)
            return True
        return False

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str) and LIBRARY_PATH.match(node.value):
            self.add(node, node.value)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        self._attribute(node, node.value, node.attr)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        if isinstance(node.func, ast.Name) and node.func.id in NAMED_ACCESS \
                and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) \
                and isinstance(node.args[1].value, str):
            self._attribute(node, node.args[0], node.args[1].value)
        self.generic_visit(node)

    def _attribute(self, node: ast.AST, owner: ast.expr, name: str) -> None:
        if not private(name):
            return
        mangled = MANGLED.match(name)
        if mangled:
            if mangled.group(1) not in {c.__name__ for c in self.scan.classes}:
                self.add(node, name)
            return
        cls = None
        if isinstance(owner, ast.Name) and owner.id in ("self", "cls") and self.classes:
            cls = vars(self.module).get(self.classes[-1].name)
            if not isinstance(cls, type):
                cls = None
        if self.scan.library_owns(cls, name):
            self.add(node, name)


def package_modules(package: ModuleType) -> Iterator[ModuleType]:
    """Every module of ``package`` (imported), but ``__main__``."""
    import importlib
    import pkgutil

    yield package
    for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
        if info.name.rsplit(".", 1)[-1] != "__main__":
            yield importlib.import_module(info.name)


def module_from(path: Path, name: str) -> ModuleType:
    """Import the module at ``path`` as ``name`` (for scanning a module written by a test)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
