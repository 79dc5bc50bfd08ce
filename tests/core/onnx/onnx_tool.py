"""Reference checks of exported ONNX files with python3-onnx (run with /usr/bin/python3).

  onnx_tool.py check FILE...      onnx.checker.check_model(full_check=True) on every file
  onnx_tool.py same A B           A and B have the same op sequence, attributes and initializer bytes
  onnx_tool.py attrs A B [OP...]  A and B have the same op sequence and attributes (only the nodes of the
                                  given op types when some are named)
  onnx_tool.py ops FILE           prints the op types in order, space-separated
  onnx_tool.py inits FILE         prints each initializer's name and the SHA-256 of its bytes, a line each
"""
import hashlib
import sys

import onnx
from onnx import numpy_helper


def summary(path, only=()):
    m = onnx.load(path)
    ops = [(n.op_type, sorted((a.name, str(onnx.helper.get_attribute_value(a))) for a in n.attribute))
           for n in m.graph.node if not only or n.op_type in only]
    inits = [numpy_helper.to_array(t).tobytes() for t in m.graph.initializer]
    return ops, inits


def main():
    if sys.argv[1] == "check":
        for path in sys.argv[2:]:
            onnx.checker.check_model(onnx.load(path), full_check=True)
        print("ok", len(sys.argv) - 2)
    elif sys.argv[1] == "same":
        a, b = summary(sys.argv[2]), summary(sys.argv[3])
        if a[0] != b[0]:
            sys.exit("op sequences or attributes differ:\n%s\n%s" % (a[0], b[0]))
        if a[1] != b[1]:
            sys.exit("initializer bytes differ")
        print("same", len(a[0]), "ops", len(a[1]), "initializers")
    elif sys.argv[1] == "attrs":
        a, b = summary(sys.argv[2], sys.argv[4:])[0], summary(sys.argv[3], sys.argv[4:])[0]
        if a != b:
            sys.exit("op sequences or attributes differ:\n%s\n%s" % (a, b))
        print("same attributes", len(a), "ops")
    elif sys.argv[1] == "ops":
        print(" ".join(n.op_type for n in onnx.load(sys.argv[2]).graph.node))
    elif sys.argv[1] == "inits":
        for t in onnx.load(sys.argv[2]).graph.initializer:
            print(t.name, hashlib.sha256(numpy_helper.to_array(t).tobytes()).hexdigest())


main()
