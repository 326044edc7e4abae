"""The import contract: arrows point one way, no cycles, no scene imports another scene.

Run by CI: ``python tools/check_imports.py [PACKAGE_DIR]`` prints each breach and exits 1 if any.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

# Lower layers never import higher ones; packages of one rank may not import each other.
LAYERS = {
    "core": 0,
    "solver": 1,
    "storage": 2,
    "audio": 2,
    "levelgen": 2,
    "app": 3,
    "engine": 4,
    "ui": 5,
    "scenes": 6,
    "cli": 7,
}
ROOT_RANK = 8  # game/__init__.py and game/__main__.py
NO_PYGAME = ("core", "solver", "storage", "levelgen", "app")
# Scene modules that are not screens: the shared base class and the catalog that registers all.
SCENE_SUPPORT = {"game.scenes.base", "game.scenes.catalog", "game.scenes"}


def module_name(package_dir: Path, path: Path) -> str:
    parts = list(path.relative_to(package_dir.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(tree: ast.Module) -> Iterator[tuple[str, bool]]:
    """Every module a file imports, anywhere in it, and whether only for type checking."""

    def visit(node: ast.AST, typing_only: bool) -> Iterator[tuple[str, bool]]:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for statement in node.body:
                yield from visit(statement, True)
            for statement in node.orelse:
                yield from visit(statement, typing_only)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, typing_only
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # ``from game.app import navigation`` imports the module navigation; the
            # caller keeps whichever of the two names is a module.
            for alias in node.names:
                yield f"{node.module}:{alias.name}", typing_only
        for child in ast.iter_child_nodes(node):
            yield from visit(child, typing_only)

    yield from visit(tree, False)


def _resolve(found: str, modules: dict[str, Path]) -> str:
    """``package:name`` to the submodule ``package.name`` if there is one, else ``package``."""
    package, _, name = found.partition(":")
    if name and f"{package}.{name}" in modules:
        return f"{package}.{name}"
    return package


def rank_of(module: str) -> tuple[str, int]:
    parts = module.split(".")
    package = parts[1] if len(parts) > 1 else ""
    return package, LAYERS.get(package, ROOT_RANK)


def check(package_dir: Path) -> list[str]:
    """The breaches of the contract in the package at ``package_dir`` (e.g. ``game``)."""
    modules = {module_name(package_dir, path): path for path in package_dir.rglob("*.py")}
    problems: list[str] = []
    runtime_graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in sorted(modules.items()):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        package, rank = rank_of(name)
        for found, typing_only in imports_of(tree):
            imported = _resolve(found, modules)
            if imported.split(".")[0] == "pygame" and package in NO_PYGAME:
                problems.append(f"{name} imports pygame ({package} must not)")
            if imported not in modules:
                continue
            other_package, other_rank = rank_of(imported)
            if other_rank > rank or (other_rank == rank and other_package != package):
                problems.append(f"{name} ({package}) imports {imported} ({other_package})")
            if (
                package == "scenes"
                and name not in SCENE_SUPPORT
                and other_package == "scenes"
                and imported not in SCENE_SUPPORT
            ):
                problems.append(f"scene module {name} imports scene module {imported}")
            if not typing_only and imported != name:
                runtime_graph[name].add(imported)
    problems.extend(f"import cycle: {' -> '.join(cycle)}" for cycle in cycles(runtime_graph))
    return problems


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each strongly connected group of modules (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                connect(target)
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
                found.append([*sorted(group), sorted(group)[0]])

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def main(argv: list[str]) -> int:
    package_dir = Path(argv[0]) if argv else Path(__file__).resolve().parents[1] / "game"
    problems = check(package_dir)
    for problem in problems:
        print(problem)
    print(f"import contract: {len(problems)} breach(es) in {package_dir}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
