// The message of the E an expression throws, or "no error" — for tests that compare messages with
// PyTorch's:
//
//   QCOMPARE(errorOf<ShapeError>([&] { ops::mm(a, b); }), "mm: mat1 and mat2 shapes cannot be multiplied (4x3 and
//   4x5)");
#pragma once

#include <QString>

template <class E, class F>
QString errorOf(F&& f) {
    try {
        f();
    } catch (const E& e) {
        return QString::fromStdString(e.what());
    }
    return "no error";
}
