"""What the conformance runners share about case files (runner.py for torch, and
tests/core/script/sklearn_runner.py for scikit-learn): a case's seed, the names a script assigns,
and the checks that end parsing a file."""

import ast
import hashlib


class CaseError(Exception):
    pass


def finish_cases(cases, path):
    """Checks that case names are unique and that every case has a script; joins each case's "body"
    lines into its "script" text."""
    names = [c["name"] for c in cases]
    for n in names:
        if names.count(n) > 1:
            raise CaseError(f"{path}: case name '{n}' is used twice")
    for c in cases:
        while c["body"] and not c["body"][-1].strip():
            c["body"].pop()
        if not c["body"]:
            raise CaseError(f"{path}:{c['line']}: case '{c['name']}' has no script")
        c["script"] = "\n".join(c["body"]) + "\n"
        del c["body"]
    return cases


def case_seed(name):
    """The seed of a case's inputs: the first 8 hex digits of the SHA-256 of its name."""
    return int(hashlib.sha256(name.encode("utf-8")).hexdigest()[:8], 16)


def assigned_names(script):
    """The names a script assigns (also by unpacking), in the order of their first assignment."""
    names = []
    for node in ast.walk(ast.parse(script)):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                elts = target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
                for t in elts:
                    if isinstance(t, ast.Name) and t.id not in names:
                        names.append(t.id)
    return names
