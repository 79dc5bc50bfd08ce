// Typed errors of the core. Every message names the thing (op, file, parameter), the place (shapes,
// dims, line/column) and the cause, in the manner of PyTorch's messages:
//
//   throw ShapeError("mm: mat1 and mat2 shapes cannot be multiplied (4x3 and 4x5)");
#pragma once

#include <stdexcept>
#include <string>

namespace tessera {

// Base of every error Tessera raises on bad input; catch this at a UI or CLI boundary.
class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class ShapeError : public Error {  // incompatible sizes, bad dims, views that cannot be formed
public:
    using Error::Error;
};

class TypeError : public Error {  // wrong dtype for an op
public:
    using Error::Error;
};

class IndexError : public Error {  // an index or dimension out of range
public:
    using Error::Error;
};

class ValueError : public Error {  // a bad parameter value
public:
    using Error::Error;
};

class IoError : public Error {  // unreadable, malformed or unwritable files
public:
    using Error::Error;
};

class AutogradError : public Error {  // misuse of the autograd engine
public:
    using Error::Error;
};

}  // namespace tessera
