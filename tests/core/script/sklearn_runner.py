#!/usr/bin/python3
"""scikit-learn side of the script conformance tests (see tests/core/script/test_script_sklearn.cpp).

usage: sklearn_runner.py CASEFILE OUTDIR

For every case of CASEFILE (format in sklearn_cases/README.md): generates its inputs with numpy (seeded
from a hash of the case name) into OUTDIR/CASE/inputs/NAME.npy, runs the script in Python with
scikit-learn 1.2.1, its inputs defined with np.load (float32 widened to float64), and saves every assigned variable into
OUTDIR/CASE/sklearn/ by the output rules of `tessera-cli run` (docs/cli.md): an ndarray of numbers as
NAME.npy (floating as float64, integers as int64, bools as bool), a Python or NumPy int, float or bool
as a 0-d int64/float64/bool array, a tuple or list as NAME.0, NAME.1, … (recursively); estimators,
dicts, strings, None and arrays of str are not written. OUTDIR/manifest.json lists the cases, their
scripts, the files written and sklearn's error messages.
"""

import json
import os
import re
import sys
import traceback
import warnings

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "conformance"))
from case_text import CaseError, assigned_names, case_seed, finish_cases  # noqa: E402

DTYPES = {"float32": np.float32, "float64": np.float64, "int64": np.int64, "bool": np.bool_, "str": np.str_}


def parse_cases(path):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    cases, current = [], None
    for lineno, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        m = re.match(r"#\s*case:\s*(\S+)\s*$", stripped)
        if m:
            current = {"name": m.group(1), "line": lineno, "inputs": [], "error": None, "error_at": None,
                       "body": []}
            cases.append(current)
            continue
        if current is None:
            if stripped and not stripped.startswith("#"):
                raise CaseError(f"{path}:{lineno}: code before the first '# case:' line")
            continue
        m = re.match(r"#\s*(input|error|error-at):\s*(.*)$", stripped)
        if m and not current["body"]:
            key, rest = m.group(1), m.group(2).strip()
            if key == "input":
                current["inputs"].append(parse_input(path, lineno, rest))
            elif key == "error":
                current["error"] = rest
            else:
                current["error_at"] = rest
            continue
        if not current["body"] and not stripped:
            continue
        current["body"].append(line)
    return finish_cases(cases, path)


def parse_input(path, lineno, text):
    m = re.match(r"(\w+)\s+(float32|float64|int64|bool|str)\s+\[([\d,\s]*)\]\s+(\w+)\s*(.*)$", text)
    if not m:
        raise CaseError(f"{path}:{lineno}: bad input line '{text}' (NAME DTYPE [SHAPE] DIST [ARGS])")
    name, dtype, shape, dist, args = m.groups()
    shape = [int(s) for s in shape.split(",") if s.strip()]
    args = args.split()
    expected = {"normal": 0, "uniform": 2, "randint": 2, "bernoulli": 1, "labels": 1, "ties": 1, "constant": 1,
                "linear": 1, "nan": 1}
    if dist not in expected or len(args) != expected[dist]:
        raise CaseError(f"{path}:{lineno}: distribution '{dist}' with {len(args)} arguments "
                        "(normal | uniform LO HI | randint LO HI | bernoulli P | labels A,B,… | ties K | "
                        "constant COL | linear X | nan P)")
    if (dtype == "str") != (dist == "labels"):
        raise CaseError(f"{path}:{lineno}: str inputs are drawn with 'labels A,B,…' and only they")
    return {"name": name, "dtype": dtype, "shape": shape, "dist": dist, "args": args}


def generate(rng, spec, arrays):
    shape, dist, args = tuple(spec["shape"]), spec["dist"], spec["args"]
    if dist == "normal":
        values = rng.standard_normal(shape)
    elif dist == "uniform":
        values = rng.uniform(float(args[0]), float(args[1]), shape)
    elif dist == "randint":
        values = rng.integers(int(args[0]), int(args[1]), shape)
    elif dist == "bernoulli":
        values = rng.random(shape) < float(args[0])
    elif dist == "labels":
        names = args[0].split(",")
        values = np.array(names)[rng.integers(0, len(names), shape)]
    elif dist == "ties":  # normal values rounded to K distinct levels per column: many equal values
        values = np.round(rng.standard_normal(shape) * int(args[0]) / 3) / int(args[0])
    elif dist == "constant":  # normal, with column COL constant
        values = rng.standard_normal(shape)
        values[:, int(args[0])] = 1.5
    elif dist == "nan":  # normal, a proportion P of the values NaN
        values = rng.standard_normal(shape)
        values[rng.random(shape) < float(args[0])] = np.nan
    else:  # linear X: a regression target from input X with noise
        X = arrays[args[0]].astype(np.float64)
        coef = np.linspace(-2, 2, X.shape[1])
        values = X @ coef + 0.1 * rng.standard_normal(shape)
    return np.asarray(values).astype(DTYPES[spec["dtype"]])


def flatten(name, value, out):
    """The output rules of `tessera-cli run`."""
    if isinstance(value, (bool, np.bool_)):
        out.append((name, np.array(bool(value), dtype=np.bool_)))
    elif isinstance(value, (int, np.integer)):
        out.append((name, np.array(int(value), dtype=np.int64)))
    elif isinstance(value, (float, np.floating)):
        out.append((name, np.array(float(value), dtype=np.float64)))
    elif isinstance(value, np.ndarray):
        if value.dtype.kind == "f":
            out.append((name, value.astype(np.float64)))
        elif value.dtype.kind in "iu":
            out.append((name, value.astype(np.int64)))
        elif value.dtype.kind == "b":
            out.append((name, value))
    elif isinstance(value, (tuple, list)):
        for i, item in enumerate(value):
            flatten(f"{name}.{i}", item, out)


def run_case(case, outdir):
    case_dir = os.path.join(outdir, case["name"])
    inputs_dir = os.path.join(case_dir, "inputs")
    ref_dir = os.path.join(case_dir, "sklearn")
    os.makedirs(inputs_dir, exist_ok=True)
    os.makedirs(ref_dir, exist_ok=True)
    rng = np.random.default_rng(case_seed(case["name"]))
    arrays = {}
    for spec in case["inputs"]:
        arrays[spec["name"]] = generate(rng, spec, arrays)
        np.save(os.path.join(inputs_dir, spec["name"] + ".npy"), arrays[spec["name"]])
    result = {"name": case["name"], "line": case["line"], "script": case["script"],
              "inputs": [s["name"] for s in case["inputs"]], "error": case["error"], "error_at": case["error_at"],
              "sklearn_error": None, "outputs": []}
    # As `tessera-cli run` reads them: float32 inputs widened to float64 (docs/cli.md), so that both
    # sides compute in float64 (sklearn keeps float32 in some estimators).
    scope = {}
    for name in arrays:
        array = np.load(os.path.join(inputs_dir, name + ".npy"))
        scope[name] = array.astype(np.float64) if array.dtype == np.float32 else array
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exec(compile(case["script"], case["name"] + ".py", "exec"), scope)
        out = []
        for name in assigned_names(case["script"]):
            flatten(name, scope[name], out)
        for name, array in out:
            np.save(os.path.join(ref_dir, name + ".npy"), array)
            result["outputs"].append(name)
    except Exception as exc:  # the case expects an error, or the C++ side reports sklearn's failure
        result["sklearn_error"] = f"{type(exc).__name__}: {exc}"
        if case["error"] is None:
            result["sklearn_traceback"] = traceback.format_exc()
    return result


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    case_file, outdir = sys.argv[1], sys.argv[2]
    try:
        cases = parse_cases(case_file)
    except CaseError as exc:
        sys.exit(str(exc))
    os.makedirs(outdir, exist_ok=True)
    results = [run_case(c, outdir) for c in cases]
    with open(os.path.join(outdir, "manifest.json"), "w", encoding="utf-8") as fh:
        json.dump({"file": case_file, "cases": results}, fh, indent=1)


if __name__ == "__main__":
    main()
