<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>tessera::app::MainWindow</name>
    <message>
        <source>Tessera projects (*.tessera);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; has unsaved changes. Save them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Example…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Tessera</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1[*] — Tessera</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 nodes, %3 edges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no example named &quot;%1&quot; (examples: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened example &quot;%1&quot; as an untitled copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Project As</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Example</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Built-in example (opens as an untitled copy):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Tessera</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Tessera %1&lt;/h3&gt;&lt;p&gt;A workbench for building and inspecting models.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear Recent Files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loaded plugin %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plugin %1 was not loaded: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the data file %2 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::app::ProjectDocument</name>
    <message>
        <source>Untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (untitled)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::app::ProjectPage</name>
    <message>
        <source>Project name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What this project is about</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Description:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data set:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model nodes (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model edges (%1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::app::SetFieldCommand</name>
    <message>
        <source>Rename Project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit Description</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::plugins::PluginLoader</name>
    <message>
        <source>not a Qt plugin (no plugin metadata): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interface id is &quot;%1&quot;, expected &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>metadata field &quot;%1&quot; must be a non-empty string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>metadata field &quot;api&quot; must be %1 (the plugin API of this Tessera)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a plugin named &quot;%1&quot; is already loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not implement the Tessera plugin interface</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::MessagesModel</name>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Info</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::MessagesView</name>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tessera::widgets::ProjectModel</name>
    <message>
        <source>Data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>output %1 → input %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type / value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
