#include "widgets/autograd/lesson.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include "core/tensor/error.h"

namespace tessera::widgets {

namespace {

[[noreturn]] void bad(const QString& path, const QString& what) {
    throw ValueError((path + QStringLiteral(": ") + what).toStdString());
}

QString requiredString(const QJsonObject& o, const char* key, const QString& path, const QString& where) {
    const QJsonValue v = o.value(QLatin1String(key));
    if (!v.isString()) bad(path, where + QStringLiteral(": '%1' must be a string").arg(QLatin1String(key)));
    return v.toString();
}

QJsonObject readObject(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw IoError((path + QStringLiteral(": cannot read the lesson")).toStdString());
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
    if (doc.isNull()) bad(path, QStringLiteral("not JSON at offset %1: %2").arg(error.offset).arg(error.errorString()));
    return doc.object();
}

// The translation of the lesson at `path` into `language`: the folder of that name, else one of
// the same language ("zh" or "zh_SG" find zh_CN); "" when there is none.
QString translationOf(const QString& path, const QString& language) {
    const QFileInfo info(path);
    const QLocale wanted(language);
    QStringList candidates{language};
    for (const QString& folder : info.dir().entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
        if (wanted.language() != QLocale::C && QLocale(folder).language() == wanted.language()) candidates << folder;
    for (const QString& candidate : candidates) {
        const QString file = info.dir().filePath(candidate + QLatin1Char('/') + info.fileName());
        if (QFile::exists(file)) return file;
    }
    return {};
}

// Replaces the texts of `lesson` with those of the translation `path`.
void translate(Lesson& lesson, const QString& path, const QString& original) {
    const QJsonObject root = readObject(path);
    lesson.title = requiredString(root, "title", path, QStringLiteral("lesson"));
    lesson.summary = root.value(QStringLiteral("summary")).toString();
    const QJsonArray steps = root.value(QStringLiteral("steps")).toArray();
    if (steps.size() != static_cast<qsizetype>(lesson.steps.size()))
        bad(path, QStringLiteral("%1 steps, but %2 has %3").arg(steps.size()).arg(original).arg(lesson.steps.size()));
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const QString where = QStringLiteral("steps[%1]").arg(i);
        const QJsonObject s = steps[i].toObject();
        lesson.steps[static_cast<std::size_t>(i)].title = requiredString(s, "title", path, where);
        lesson.steps[static_cast<std::size_t>(i)].text = requiredString(s, "text", path, where);
    }
}

}  // namespace

QStringList lessonLanguages() {
    return QDir(QStringLiteral(":/lessons")).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
}

QStringList builtinLessons() {
    QStringList paths;
    const QDir dir(QStringLiteral(":/lessons"));
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        paths << dir.filePath(name);
    return paths;
}

Lesson loadLesson(const QString& path, const QString& language) {
    const QJsonObject root = readObject(path);
    Lesson lesson;
    lesson.title = requiredString(root, "title", path, QStringLiteral("lesson"));
    lesson.summary = root.value(QStringLiteral("summary")).toString();
    const QJsonArray steps = root.value(QStringLiteral("steps")).toArray();
    if (steps.isEmpty()) bad(path, QStringLiteral("'steps' must be a non-empty array"));
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const QString where = QStringLiteral("steps[%1]").arg(i);
        const QJsonObject s = steps[i].toObject();
        LessonStep step;
        step.title = requiredString(s, "title", path, where);
        step.text = requiredString(s, "text", path, where);
        step.script = requiredString(s, "script", path, where);
        step.backward = s.value(QStringLiteral("backward")).toString();
        const QString show = s.value(QStringLiteral("show")).toString(QStringLiteral("start"));
        if (show != QStringLiteral("start") && show != QStringLiteral("end"))
            bad(path, where + QStringLiteral(": 'show' must be \"start\" or \"end\", not \"%1\"").arg(show));
        step.showEnd = show == QStringLiteral("end");
        for (const QJsonValue& v : s.value(QStringLiteral("inputs")).toArray()) {
            const QJsonObject in = v.toObject();
            CaptureInput input;
            input.name = requiredString(in, "name", path, where + QStringLiteral(".inputs")).toStdString();
            for (const QJsonValue& d : in.value(QStringLiteral("shape")).toArray())
                input.sizes.push_back(d.toInteger());
            for (const QJsonValue& d : in.value(QStringLiteral("values")).toArray())
                input.values.push_back(d.toDouble());
            input.requiresGrad = in.value(QStringLiteral("requiresGrad")).toBool(true);
            std::int64_t numel = 1;
            for (auto d : input.sizes) numel *= d;
            if (static_cast<std::int64_t>(input.values.size()) != numel)
                bad(path, where + QStringLiteral(": input '%1' has %2 values for %3 elements")
                                      .arg(QString::fromStdString(input.name))
                                      .arg(input.values.size())
                                      .arg(numel));
            step.inputs.push_back(std::move(input));
        }
        lesson.steps.push_back(std::move(step));
    }
    const QString translation = translationOf(path, language.isEmpty() ? QLocale().name() : language);
    if (!translation.isEmpty()) translate(lesson, translation, path);
    return lesson;
}

}  // namespace tessera::widgets
