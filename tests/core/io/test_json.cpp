// The strict JSON parser and writer of core/io: what is accepted, what is refused and where the
// messages point.
#include <QtTest>

#include "core/io/json.h"
#include "core/tensor/error.h"

using namespace tessera;
using tessera::io::Json;

namespace {
// The message of the IoError that parsing `text` throws, or "" when it parses.
QString parseError(const char* text) {
    try {
        io::parseJson(text, "doc.json");
    } catch (const IoError& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}
}  // namespace

class TestJson : public QObject {
    Q_OBJECT
private slots:
    void parsesScalarsAndContainers() {
        const Json j = io::parseJson(" {\"a\": [1, -2.5e2, true, false, null], \"b\": {\"c\": \"d\"}} ", "x");
        QVERIFY(j.isObject());
        const auto& a = j.at("a").asArray();
        QCOMPARE(a.size(), std::size_t(5));
        QCOMPARE(a[0].asInteger(), std::int64_t(1));
        QCOMPARE(a[1].asNumber(), -250.0);
        QVERIFY(!a[1].isInteger() || a[1].asNumber() == -250.0);
        QCOMPARE(a[2].asBool(), true);
        QCOMPARE(a[3].asBool(), false);
        QVERIFY(a[4].isNull());
        QCOMPARE(j.at("b").at("c").asString(), std::string("d"));
        QVERIFY(j.find("missing") == nullptr);
    }
    void decodesEscapes() {
        const Json j = io::parseJson("\"q\\\" b\\\\ s\\/ \\n\\t \\u00e9 \\ud83d\\ude00\"", "x");
        QCOMPARE(j.asString(), std::string("q\" b\\ s/ \n\t \xc3\xa9 \xf0\x9f\x98\x80"));
    }
    void recordsValueLocations() {
        const Json j = io::parseJson("{\n  \"a\": 1,\n    \"b\": [true]\n}", "x");
        QCOMPARE(j.at("a").line(), 2);
        QCOMPARE(j.at("a").column(), 8);
        QCOMPARE(j.at("b").line(), 3);
        QCOMPARE(j.at("b").column(), 10);
    }
    void errorsNameSourceLineAndColumn() {
        QCOMPARE(parseError("{\n  \"a\": 1,\n}"), QString("doc.json:3:1: trailing comma before '}'"));
        QCOMPARE(parseError("[1, 2"), QString("doc.json:1:6: expected ',' or ']' in array, found end of input"));
        QCOMPARE(parseError("{\"a\" 1}"), QString("doc.json:1:6: expected ':' after object key, found character '1'"));
        QCOMPARE(parseError("{\"a\": 1, \"a\": 2}"), QString("doc.json:1:10: duplicate key \"a\""));
        QCOMPARE(parseError("\n\n  tru"), QString("doc.json:3:3: expected a value, found character 't'"));
        QCOMPARE(parseError("{} x"), QString("doc.json:1:4: unexpected character 'x' after the end of the document"));
        QCOMPARE(parseError("\"abc"), QString("doc.json:1:1: unterminated string"));
        QCOMPARE(parseError(""), QString("doc.json:1:1: expected a value, found end of input"));
    }
    void refusesWhatJsonDoesNotAllow() {
        for (const char* bad : {"01", "1.", "-", ".5", "1e", "NaN", "Infinity", "'a'", "[1,]", "{a: 1}", "// c\n{}",
                                "\"tab\there\"", "\"\\x\"", "\"\\ud800\"", "1e999", "[] []"}) {
            QVERIFY2(!parseError(bad).isEmpty(), bad);
        }
        std::string deep(300, '[');
        deep += std::string(300, ']');
        QVERIFY_THROWS_EXCEPTION(IoError, io::parseJson(deep, "deep"));
    }
    void writerKeepsInsertionOrderAndRoundTrips() {
        Json j = Json::object({{"zeta", 1}, {"alpha", Json::array({1, 2.5, "x"})}});
        j.set("middle", Json::object({{"k", nullptr}, {"t", true}}));
        j.set("zeta", 3);
        const std::string text = io::writeJson(j);
        QCOMPARE(text, std::string("{\n  \"zeta\": 3,\n  \"alpha\": [1, 2.5, \"x\"],\n  \"middle\": {\n"
                                   "    \"k\": null,\n    \"t\": true\n  }\n}\n"));
        QVERIFY(io::parseJson(text, "rt") == j);
        QCOMPARE(io::writeJson(j, 0), std::string("{\"zeta\": 3, \"alpha\": [1, 2.5, \"x\"], \"middle\": {\"k\": null, "
                                                  "\"t\": true}}"));
    }
    void numbersRoundTripExactly() {
        for (double v : {0.1, 1.0 / 3.0, -1e-300, 123456789012345.0, 6.02214076e23}) {
            const Json back = io::parseJson(io::writeJson(Json(v)), "n");
            QCOMPARE(back.asNumber(), v);
        }
        QCOMPARE(io::writeJson(Json(42), 0), std::string("42"));
        QVERIFY_THROWS_EXCEPTION(ValueError, io::writeJson(Json(std::nan(""))));
    }
    void stringsAreEscapedOnWrite() {
        const Json s(std::string("a\"b\\c\n\x01"));
        QCOMPARE(io::writeJson(s, 0), std::string("\"a\\\"b\\\\c\\n\\u0001\""));
        QVERIFY(io::parseJson(io::writeJson(s), "s") == s);
    }
    void accessorsCheckTypes() {
        const Json j = io::parseJson("{\"n\": 1.5}", "x");
        QVERIFY_THROWS_EXCEPTION(ValueError, j.at("n").asString());
        QVERIFY_THROWS_EXCEPTION(ValueError, j.at("n").asInteger());
        QVERIFY_THROWS_EXCEPTION(ValueError, j.at("absent"));
        try {
            j.at("n").asArray();
            QFAIL("asArray on a number did not throw");
        } catch (const ValueError& e) {
            QCOMPARE(QString(e.what()), QString("json: expected an array, found a number"));
        }
    }
};

QTEST_APPLESS_MAIN(TestJson)
#include "test_json.moc"
