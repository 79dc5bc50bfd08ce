<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>tessera::app::MainWindow</name>
    <message>
        <source>Tessera projects (*.tessera);;All files (*)</source>
        <translation>Tessera 项目 (*.tessera);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>&quot;%1&quot; has unsaved changes. Save them?</source>
        <translation>“%1”有未保存的更改。要保存吗？</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Open &amp;Example…</source>
        <translation>打开示例(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Tessera</source>
        <translation>关于 Tessera(&amp;A)</translation>
    </message>
    <message>
        <source>%1[*] — Tessera</source>
        <translation>%1[*] — Tessera</translation>
    </message>
    <message>
        <source>%1: %2 nodes, %3 edges</source>
        <translation>%1：%2 个节点，%3 条边</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>There is no example named &quot;%1&quot; (examples: %2)</source>
        <translation>没有名为“%1”的示例（可用示例：%2）</translation>
    </message>
    <message>
        <source>Opened example &quot;%1&quot; as an untitled copy</source>
        <translation>已将示例“%1”作为未命名副本打开</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Save Project As</source>
        <translation>项目另存为</translation>
    </message>
    <message>
        <source>Open Project</source>
        <translation>打开项目</translation>
    </message>
    <message>
        <source>Open Example</source>
        <translation>打开示例</translation>
    </message>
    <message>
        <source>Built-in example (opens as an untitled copy):</source>
        <translation>内置示例（以未命名副本打开）：</translation>
    </message>
    <message>
        <source>About Tessera</source>
        <translation>关于 Tessera</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Tessera %1&lt;/h3&gt;&lt;p&gt;A workbench for building and inspecting models.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Tessera %1&lt;/h3&gt;&lt;p&gt;用于构建和检视模型的工作台。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Clear Recent Files</source>
        <translation>清除最近文件</translation>
    </message>
    <message>
        <source>Loaded plugin %1 %2</source>
        <translation>已加载插件 %1 %2</translation>
    </message>
    <message>
        <source>Plugin %1 was not loaded: %2</source>
        <translation>未加载插件 %1：%2</translation>
    </message>
    <message>
        <source>%1: the data file %2 does not exist</source>
        <translation>%1：数据文件 %2 不存在</translation>
    </message>
</context>
<context>
    <name>tessera::app::ProjectDocument</name>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%1 (untitled)</source>
        <translation>%1（未命名）</translation>
    </message>
</context>
<context>
    <name>tessera::app::ProjectPage</name>
    <message>
        <source>Project name</source>
        <translation>项目名称</translation>
    </message>
    <message>
        <source>What this project is about</source>
        <translation>项目简介</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Description:</source>
        <translation>描述：</translation>
    </message>
    <message>
        <source>Data set:</source>
        <translation>数据集：</translation>
    </message>
    <message>
        <source>Training:</source>
        <translation>训练：</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>Model nodes (%1)</source>
        <translation>模型节点（%1）</translation>
    </message>
    <message>
        <source>Model edges (%1)</source>
        <translation>模型边（%1）</translation>
    </message>
</context>
<context>
    <name>tessera::app::SetFieldCommand</name>
    <message>
        <source>Rename Project</source>
        <translation>重命名项目</translation>
    </message>
    <message>
        <source>Edit Description</source>
        <translation>编辑描述</translation>
    </message>
</context>
<context>
    <name>tessera::plugins::PluginLoader</name>
    <message>
        <source>not a Qt plugin (no plugin metadata): %1</source>
        <translation>不是 Qt 插件（没有插件元数据）：%1</translation>
    </message>
    <message>
        <source>interface id is &quot;%1&quot;, expected &quot;%2&quot;</source>
        <translation>接口标识为“%1”，应为“%2”</translation>
    </message>
    <message>
        <source>metadata field &quot;%1&quot; must be a non-empty string</source>
        <translation>元数据字段“%1”必须是非空字符串</translation>
    </message>
    <message>
        <source>metadata field &quot;api&quot; must be %1 (the plugin API of this Tessera)</source>
        <translation>元数据字段“api”必须为 %1（此版本 Tessera 的插件接口）</translation>
    </message>
    <message>
        <source>a plugin named &quot;%1&quot; is already loaded</source>
        <translation>名为“%1”的插件已加载</translation>
    </message>
    <message>
        <source>cannot be loaded: %1</source>
        <translation>无法加载：%1</translation>
    </message>
    <message>
        <source>does not implement the Tessera plugin interface</source>
        <translation>未实现 Tessera 插件接口</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::MessagesModel</name>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>信息</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::MessagesView</name>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n 个错误</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 个警告</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tessera::widgets::ProjectModel</name>
    <message>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Edges</source>
        <translation>边</translation>
    </message>
    <message>
        <source>output %1 → input %2</source>
        <translation>输出 %1 → 输入 %2</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>项</translation>
    </message>
    <message>
        <source>Type / value</source>
        <translation>类型 / 值</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
</context>
</TS>
