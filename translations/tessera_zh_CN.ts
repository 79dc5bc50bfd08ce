<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>QObject</name>
    <message>
        <source>%1 params · %2 MACs</source>
        <translation>%1 个参数 · %2 次乘加</translation>
    </message>
    <message>
        <source>%1% of step</source>
        <translation>占步骤的 %1%</translation>
    </message>
    <message>
        <source>(values not recorded)</source>
        <translation>（未记录数值）</translation>
    </message>
</context>
<context>
    <name>tessera::app::DesignerPage</name>
    <message>
        <source>Designer</source>
        <translation>设计器</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Paste</source>
        <translation>粘贴</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>创建副本</translation>
    </message>
    <message>
        <source>Select All</source>
        <translation>全选</translation>
    </message>
    <message>
        <source>Zoom In</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom Out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <source>Auto Layout</source>
        <translation>自动布局</translation>
    </message>
    <message>
        <source>Snap to Grid</source>
        <translation>对齐网格</translation>
    </message>
    <message>
        <source>Let go of %1 over the canvas to add it</source>
        <translation>在画布上松开 %1 即可添加</translation>
    </message>
</context>
<context>
    <name>tessera::app::InspectViews</name>
    <message>
        <source>Weights of %1 at step %2</source>
        <translation>%1 在第 %2 步的权重</translation>
    </message>
</context>
<context>
    <name>tessera::app::LessonsDialog</name>
    <message>
        <source>Autograd Lessons — Tessera</source>
        <translation>自动求导课程 — Tessera</translation>
    </message>
</context>
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
    <message>
        <source>Designer</source>
        <translation>设计器</translation>
    </message>
    <message>
        <source>Recover Unsaved Work</source>
        <translation>恢复未保存的工作</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>New from &amp;Template</source>
        <translation>从模板新建(&amp;T)</translation>
    </message>
    <message>
        <source>Autograd &amp;Graph of a Training Step</source>
        <translation>训练步骤的自动求导图(&amp;G)</translation>
    </message>
    <message>
        <source>Autograd &amp;Playground</source>
        <translation>自动求导练习场(&amp;P)</translation>
    </message>
    <message>
        <source>Autograd &amp;Lessons</source>
        <translation>自动求导课程(&amp;L)</translation>
    </message>
    <message>
        <source>an untitled project &quot;%1&quot;</source>
        <translation>未命名项目“%1”</translation>
    </message>
    <message>
        <source>Tessera did not close properly. Unsaved changes to %1 were autosaved. Recover them?</source>
        <translation>Tessera 上次未正常关闭。对 %1 的未保存更改已自动保存。要恢复吗？</translation>
    </message>
    <message>
        <source>Recovered autosaved changes to %1</source>
        <translation>已恢复对 %1 的自动保存更改</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Show Autograd &amp;Graph of the Next Step</source>
        <translation>显示下一个训练步骤的自动求导图(&amp;G)</translation>
    </message>
    <message>
        <source>step %1 of the run</source>
        <translation>运行的第 %1 步</translation>
    </message>
    <message>
        <source>The run ended before another step was recorded.</source>
        <translation>在记录到下一个步骤之前，运行已结束。</translation>
    </message>
    <message>
        <source>Operator &amp;Timings on Nodes</source>
        <translation>节点上的运算耗时(&amp;T)</translation>
    </message>
</context>
<context>
    <name>tessera::app::OnnxActions</name>
    <message>
        <source>E&amp;xport ONNX…</source>
        <translation>导出 ONNX(&amp;X)…</translation>
    </message>
    <message>
        <source>O&amp;pen ONNX…</source>
        <translation>打开 ONNX(&amp;P)…</translation>
    </message>
    <message>
        <source>Import an ONNX model as a new project and open it in the designer</source>
        <translation>将 ONNX 模型导入为新项目并在设计器中打开</translation>
    </message>
    <message>
        <source>Export ONNX: &quot;%1&quot; has no trained weights yet; train it first (Run → Run)</source>
        <translation>导出 ONNX：“%1”还没有训练好的权重；请先训练它（运行 → 运行）</translation>
    </message>
    <message>
        <source>Export ONNX failed: %1</source>
        <translation>导出 ONNX 失败：%1</translation>
    </message>
    <message>
        <source>Exported ONNX model %1 (IR %2, opset %3) with the weights of %4</source>
        <translation>已导出 ONNX 模型 %1（IR %2，opset %3），使用 %4 的权重</translation>
    </message>
    <message>
        <source>Open ONNX failed: %1</source>
        <translation>打开 ONNX 失败：%1</translation>
    </message>
    <message>
        <source>Imported %1 as %2: %3 nodes, weights in %4</source>
        <translation>已将 %1 导入为 %2：%3 个节点，权重位于 %4</translation>
    </message>
    <message>
        <source>Export ONNX</source>
        <translation>导出 ONNX</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx);;All files (*)</source>
        <translation>ONNX 模型 (*.onnx);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open ONNX</source>
        <translation>打开 ONNX</translation>
    </message>
    <message>
        <source>Save Imported Project As</source>
        <translation>将导入的项目另存为</translation>
    </message>
    <message>
        <source>Tessera projects (*.tessera);;All files (*)</source>
        <translation>Tessera 项目 (*.tessera);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1, selected in the run list, has no trained weights to export</source>
        <translation>在运行列表中选中的 %1 没有可导出的训练权重</translation>
    </message>
    <message>
        <source>E&amp;xport ONNX (%1)…</source>
        <translation>导出 ONNX（%1）(&amp;X)…</translation>
    </message>
    <message>
        <source>Write the model with the weights of %1, the run selected in the run list, as an ONNX file (opset %2)</source>
        <translation>以 %1（运行列表中选中的运行）的权重将模型写为 ONNX 文件（opset %2）</translation>
    </message>
    <message>
        <source>Write the model with the weights of %1, the latest run (select another in the run list), as an ONNX file (opset %2)</source>
        <translation>以 %1（最新的运行；可在运行列表中选择其他运行）的权重将模型写为 ONNX 文件（opset %2）</translation>
    </message>
    <message>
        <source>Write the model with its imported weights (%1) as an ONNX file (opset %2)</source>
        <translation>以导入的权重（%1）将模型写为 ONNX 文件（opset %2）</translation>
    </message>
    <message>
        <source>No trained weights to export yet: train the project first (Run → Run)</source>
        <translation>还没有可导出的训练权重：请先训练此项目（运行 → 运行）</translation>
    </message>
    <message>
        <source>Export ONNX: the selected run %1 has no trained weights (%2 is missing); select a finished run, or none for the latest</source>
        <translation>导出 ONNX：所选运行 %1 没有训练好的权重（缺少 %2）；请选择一个已结束的运行，或不选以使用最新的运行</translation>
    </message>
</context>
<context>
    <name>tessera::app::PlaygroundDialog</name>
    <message>
        <source>Autograd Playground — Tessera</source>
        <translation>自动求导练习场 — Tessera</translation>
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
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Start the next run from weights drawn from the seed instead (undoable)</source>
        <translation>下一次运行改为从随机种子生成的权重开始（可撤销）</translation>
    </message>
    <message>
        <source>Initial weights:</source>
        <translation>初始权重：</translation>
    </message>
</context>
<context>
    <name>tessera::app::RunSettings</name>
    <message>
        <source>Clear Initial Weights</source>
        <translation>清除初始权重</translation>
    </message>
    <message>
        <source>The run cannot start from the project&apos;s initial weights: press Clear beside “Initial weights” in the run settings (Training page) or on the Project tab to start from weights drawn from the seed. %1</source>
        <translation>运行无法从项目的初始权重开始：请在运行设置（训练页）或项目标签页中点击“初始权重”旁的“清除”，以从随机种子生成的权重开始。%1</translation>
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
    <name>tessera::app::TrainingController</name>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>已结束</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>A run is already in progress; stop it first</source>
        <translation>已有训练在进行；请先停止它</translation>
    </message>
    <message>
        <source>Cannot create the run folder %1</source>
        <translation>无法创建运行文件夹 %1</translation>
    </message>
</context>
<context>
    <name>tessera::app::TrainingPage</name>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Train the project (or resume a paused run)</source>
        <translation>训练此项目（或继续已暂停的运行）</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Step One Batch</source>
        <translation>单步一个批次(&amp;S)</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>Resume Selected Run from Checkpoint</source>
        <translation>从检查点继续所选运行</translation>
    </message>
    <message>
        <source>No run yet: Run (F5) trains the open project.</source>
        <translation>尚无运行：按“运行”(F5) 训练当前项目。</translation>
    </message>
    <message>
        <source>This project&apos;s runs; tick one to overlay its curves, double-click to resume it</source>
        <translation>此项目的运行；勾选以叠加其曲线，双击以继续</translation>
    </message>
    <message>
        <source>Curves</source>
        <translation>曲线</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>性能剖析</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>current</source>
        <translation>当前</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
    <message>
        <source>Finished (%1)</source>
        <translation>已结束（%1）</translation>
    </message>
    <message>
        <source> · %1 · epoch %2/%3 · step %4/%5</source>
        <translation> · %1 · 轮次 %2/%3 · 步 %4/%5</translation>
    </message>
    <message>
        <source> · loss %1</source>
        <translation> · 损失 %1</translation>
    </message>
    <message>
        <source> · %1 samples/s</source>
        <translation> · %1 样本/秒</translation>
    </message>
    <message>
        <source> · ETA %1</source>
        <translation> · 剩余 %1</translation>
    </message>
    <message>
        <source>The run on the curves as &quot;current&quot;</source>
        <translation>曲线中标为“当前”的运行</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行记录</translation>
    </message>
    <message>
        <source>Change Run Settings</source>
        <translation>更改运行设置</translation>
    </message>
    <message>
        <source>Change Split</source>
        <translation>更改划分</translation>
    </message>
    <message>
        <source>Choose Data Set %1</source>
        <translation>选择数据集 %1</translation>
    </message>
    <message>
        <source>Import CSV</source>
        <translation>导入 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv *.tsv *.txt);;All files (*)</source>
        <translation>CSV 文件 (*.csv *.tsv *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Import CSV %1</source>
        <translation>导入 CSV %1</translation>
    </message>
    <message>
        <source>Change Loss to %1</source>
        <translation>将损失改为 %1</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Try</source>
        <translation>试用</translation>
    </message>
    <message>
        <source>Stopped: %1</source>
        <translation>已停止：%1</translation>
    </message>
    <message>
        <source>&amp;Detect NaN/Inf</source>
        <translation>检测 NaN/Inf(&amp;D)</translation>
    </message>
    <message>
        <source>Check every op&apos;s output and every gradient for NaN/Inf and stop at the first (slower steps)</source>
        <translation>检查每个算子的输出和每个梯度是否含 NaN/Inf，并在第一次出现时停止（步骤会变慢）</translation>
    </message>
    <message>
        <source>Change Data Settings</source>
        <translation>更改数据设置</translation>
    </message>
    <message>
        <source>No data set: choose one in Training → Data, or import a CSV file (Data → Import CSV…)</source>
        <translation>没有数据集：请在“训练 → 数据”中选择一个，或导入 CSV 文件（数据 → 导入 CSV…）</translation>
    </message>
</context>
<context>
    <name>tessera::app::TrainingStepDialog</name>
    <message>
        <source>%1: Autograd Graph of a Training Step — Tessera</source>
        <translation>%1：训练步骤的自动求导图 — Tessera</translation>
    </message>
    <message>
        <source>Building the model and data of %1 and recording one training step…</source>
        <translation>正在构建 %1 的模型和数据并记录一个训练步骤…</translation>
    </message>
    <message>
        <source>Layers are collapsed: double-click one to open it.</source>
        <translation>各层已折叠：双击某层即可展开。</translation>
    </message>
    <message>
        <source>Double-click a layer&apos;s box to collapse it.</source>
        <translation>双击某层的框即可折叠它。</translation>
    </message>
    <message>
        <source>Waiting for the next training step of %1…</source>
        <translation>正在等待 %1 的下一个训练步骤…</translation>
    </message>
    <message>
        <source>the first training step</source>
        <translation>第一个训练步骤</translation>
    </message>
    <message>
        <source>%1: %2, loss %3 — %4 autograd Nodes in %5 layers. %6</source>
        <translation>%1：%2，损失 %3 — %4 个自动求导节点，分布在 %5 个层中。%6</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
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
    <name>tessera::widgets::ClassReportModel</name>
    <message>
        <source>precision</source>
        <translation>精确率</translation>
    </message>
    <message>
        <source>recall</source>
        <translation>召回率</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>support</source>
        <translation>样本数</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::ComputationGraphModel</name>
    <message>
        <source>forward %1/%2: %3</source>
        <translation>前向 %1/%2：%3</translation>
    </message>
    <message>
        <source>backward %1/%2: %3</source>
        <translation>反向 %1/%2：%3</translation>
    </message>
    <message>
        <source>output %1</source>
        <translation>输出 %1</translation>
    </message>
    <message>
        <source>saved for backward: %1</source>
        <translation>为反向传播保存：%1</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1 paths meet here&lt;/b&gt;: the engine sums their gradients before this node runs.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;%1 条路径在此汇合&lt;/b&gt;：引擎在运行此节点之前把它们的梯度相加。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Accumulation&lt;/b&gt;: %1.grad already held a gradient; the new one is added to it (call zero_grad() / .grad.zero_() between steps to start from zero).&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;累加&lt;/b&gt;：%1.grad 中已有梯度；新梯度加到它上面（在两步之间调用 zero_grad() / .grad.zero_() 以便从零开始）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1.grad before</source>
        <translation>%1.grad 之前</translation>
    </message>
    <message>
        <source>%1.grad after</source>
        <translation>%1.grad 之后</translation>
    </message>
    <message>
        <source> in layer %1</source>
        <translation>，位于层 %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;sequence number %1; backward order %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;序号 %1；反向顺序 %2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;shape %1, strides (%2), %3&lt;/p&gt;</source>
        <translation>&lt;p&gt;形状 %1，步长 (%2)，%3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;storage: its own&lt;/p&gt;</source>
        <translation>&lt;p&gt;存储：独立&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;storage: shared with %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;存储：与 %1 共享&lt;/p&gt;</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>gradient</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>&lt;p&gt;Its output was not recorded (the graph was captured after the forward pass).&lt;/p&gt;</source>
        <translation>&lt;p&gt;它的输出没有被记录（该图是在前向传播之后捕获的）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>from %1 (its grad_input[%2])</source>
        <translation>来自 %1（其 grad_input[%2]）</translation>
    </message>
    <message>
        <source>received %1</source>
        <translation>收到的 %1</translation>
    </message>
    <message>
        <source>grad_input[%1]</source>
        <translation>grad_input[%1]</translation>
    </message>
    <message>
        <source>returns grad_input[%1] → %2</source>
        <translation>返回 grad_input[%1] → %2</translation>
    </message>
    <message>
        <source>&lt;p&gt;The op &lt;b&gt;%1&lt;/b&gt; runs and records &lt;b&gt;%2&lt;/b&gt; as the grad_fn of its output.&lt;/p&gt;</source>
        <translation>&lt;p&gt;运算 &lt;b&gt;%1&lt;/b&gt; 执行，并记录 &lt;b&gt;%2&lt;/b&gt; 作为其输出的 grad_fn。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;grad_input[%1]: &lt;i&gt;skipped&lt;/i&gt; — this input does not require grad, so no gradient flows there.&lt;/p&gt;</source>
        <translation>&lt;p&gt;grad_input[%1]：&lt;i&gt;已跳过&lt;/i&gt; — 该输入不需要梯度，因此没有梯度流向那里。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Its gradients appear when backward reaches it.&lt;/p&gt;</source>
        <translation>&lt;p&gt;反向传播到达这里时才会显示它的梯度。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>returned %1</source>
        <translation>返回的 %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;gradient&lt;/b&gt;: not computed yet — it appears when backward reaches this tensor.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;梯度&lt;/b&gt;：尚未计算 — 反向传播到达该张量时才会出现。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::ComputationGraphView</name>
    <message>
        <source>Find a node by name…</source>
        <translation>按名称查找节点…</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <source>Fit the whole graph in the view</source>
        <translation>在视图中显示整个图</translation>
    </message>
    <message>
        <source>Collapse layers</source>
        <translation>折叠各层</translation>
    </message>
    <message>
        <source>Draw each layer as one node</source>
        <translation>将每一层画成一个节点</translation>
    </message>
    <message>
        <source>Expand layers</source>
        <translation>展开各层</translation>
    </message>
    <message>
        <source>Draw every op of every layer</source>
        <translation>画出每一层的每个运算</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Save the graph as SVG, PNG or DOT</source>
        <translation>将图保存为 SVG、PNG 或 DOT</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>重新开始</translation>
    </message>
    <message>
        <source>Back to before the forward pass</source>
        <translation>回到前向传播之前</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>The next op of the forward pass, then of the backward pass</source>
        <translation>前向传播的下一个运算，然后是反向传播的</translation>
    </message>
    <message>
        <source>Run to end</source>
        <translation>运行到结束</translation>
    </message>
    <message>
        <source>Show the whole forward and backward pass</source>
        <translation>显示完整的前向与反向传播</translation>
    </message>
    <message>
        <source>saved for backward</source>
        <translation>为反向传播保存</translation>
    </message>
    <message>
        <source>grad %1</source>
        <translation>梯度 %1</translation>
    </message>
    <message>
        <source>Layer %1 — double-click to collapse</source>
        <translation>层 %1 — 双击以折叠</translation>
    </message>
    <message>
        <source>Layer %1 — double-click to expand</source>
        <translation>层 %1 — 双击以展开</translation>
    </message>
    <message>
        <source>&lt;p&gt;Click a node to see its tensors in full. &lt;b&gt;Step&lt;/b&gt; walks the forward pass in execution order, then the backward pass in the engine&apos;s order.&lt;/p&gt;</source>
        <translation>&lt;p&gt;单击节点可查看其张量的全部内容。&lt;b&gt;单步&lt;/b&gt;先按执行顺序走完前向传播，再按引擎的顺序走完反向传播。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>grad —</source>
        <translation>梯度 —</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s): press Step</source>
        <translation>
            <numerusform>%n 步：请按“单步”</numerusform>
        </translation>
    </message>
    <message>
        <source>Export the graph</source>
        <translation>导出图</translation>
    </message>
    <message>
        <source>SVG (*.svg);;PNG (*.png);;Graphviz DOT (*.dot)</source>
        <translation>SVG (*.svg);;PNG (*.png);;Graphviz DOT (*.dot)</translation>
    </message>
    <message>
        <source>Autograd graph</source>
        <translation>自动求导图</translation>
    </message>
    <message>
        <source>Saved tensors</source>
        <translation>已保存的张量</translation>
    </message>
    <message>
        <source>Draw the tensors each op saved for its backward (orange)</source>
        <translation>画出每个运算为反向传播保存的张量（橙色）</translation>
    </message>
    <message numerus="yes">
        <source>%n ops</source>
        <translation>
            <numerusform>%n 个运算</numerusform>
        </translation>
    </message>
    <message>
        <source>op (its grad_fn Node)</source>
        <translation>运算（其 grad_fn 节点）</translation>
    </message>
    <message>
        <source>parameter</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>intermediate</source>
        <translation>中间张量</translation>
    </message>
    <message>
        <source>root (backward starts here)</source>
        <translation>根（反向传播从这里开始）</translation>
    </message>
    <message>
        <source>values:</source>
        <translation>数值：</translation>
    </message>
    <message>
        <source>&lt; 0</source>
        <translation>&lt; 0</translation>
    </message>
    <message>
        <source>&gt; 0</source>
        <translation>&gt; 0</translation>
    </message>
    <message>
        <source>What the colours of the graph and of the tensors&apos; heat maps mean</source>
        <translation>图中以及张量热图中各颜色的含义</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::ConfusionMatrixModel</name>
    <message>
        <source>actual %1, predicted %2: %3 (%4 of the class)</source>
        <translation>实际 %1，预测 %2：%3（占该类 %4）</translation>
    </message>
    <message>
        <source>→ %1</source>
        <translation>→ %1</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::CsvImportDialog</name>
    <message>
        <source>Fill in missing feature values (column mean, or most frequent category)</source>
        <translation>填补缺失的特征值（列均值，或最常见的类别）</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Import CSV</source>
        <translation>导入 CSV</translation>
    </message>
    <message>
        <source>Click a problem to show its cell in the preview</source>
        <translation>单击某个问题即可在预览中显示其单元格</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>列</translation>
    </message>
    <message>
        <source>&lt;b&gt;Column&lt;/b&gt;</source>
        <translation>&lt;b&gt;列&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Role&lt;/b&gt;</source>
        <translation>&lt;b&gt;角色&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Type&lt;/b&gt;</source>
        <translation>&lt;b&gt;类型&lt;/b&gt;</translation>
    </message>
    <message>
        <source>feature</source>
        <translation>特征</translation>
    </message>
    <message>
        <source>target</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>ignore</source>
        <translation>忽略</translation>
    </message>
    <message>
        <source>numbers</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>categories</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <source>%1 distinct, %2 missing</source>
        <translation>%1 个不同值，%2 个缺失</translation>
    </message>
    <message>
        <source>No problems: ready to import.</source>
        <translation>没有问题：可以导入。</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) to fix before importing:</source>
        <translation>
            <numerusform>导入前需要修正 %n 个问题：</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tessera::widgets::CsvImportModel</name>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
    <message>
        <source>%1: cannot read: %2</source>
        <translation>%1：无法读取：%2</translation>
    </message>
    <message>
        <source>No target column: set one column&apos;s role to target</source>
        <translation>没有目标列：请将某一列的角色设为“目标”</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>line %1, column %2: %3</source>
        <translation>第 %1 行，第 %2 列：%3</translation>
    </message>
    <message>
        <source>%1 (target)</source>
        <translation>%1（目标）</translation>
    </message>
    <message>
        <source>%1 (ignored)</source>
        <translation>%1（已忽略）</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::DataPanel</name>
    <message>
        <source>samples</source>
        <translation>样本</translation>
    </message>
    <message>
        <source>%1: %2 samples, %3 features, %4</source>
        <translation>%1：%2 个样本，%3 个特征，%4</translation>
    </message>
    <message>
        <source>, %1 classes</source>
        <translation>，%1 个类别</translation>
    </message>
    <message>
        <source>class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Import CSV…</source>
        <translation>导入 CSV…</translation>
    </message>
    <message>
        <source>The project&apos;s data set</source>
        <translation>项目的数据集</translation>
    </message>
    <message>
        <source>Choose a CSV file, preview it and give its columns their roles</source>
        <translation>选择一个 CSV 文件，预览它并为各列指定角色</translation>
    </message>
    <message>
        <source>Data set</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>CSV: %1</source>
        <translation>CSV：%1</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::DataSettings</name>
    <message>
        <source>Samples</source>
        <translation>样本数</translation>
    </message>
    <message>
        <source>Noise</source>
        <translation>噪声</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Classes</source>
        <translation>类别数</translation>
    </message>
    <message>
        <source>Features</source>
        <translation>特征数</translation>
    </message>
    <message>
        <source>Inner radius factor</source>
        <translation>内圆半径系数</translation>
    </message>
    <message>
        <source>Centers</source>
        <translation>中心数</translation>
    </message>
    <message>
        <source>Cluster std</source>
        <translation>簇标准差</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>圈数</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>Feature scale</source>
        <translation>特征缩放</translation>
    </message>
    <message>
        <source>data.%1 (default %2)</source>
        <translation>data.%1（默认 %2）</translation>
    </message>
    <message>
        <source>Standardize features (training split&apos;s mean and std)</source>
        <translation>标准化特征（使用训练集的均值和标准差）</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::DigitPad</name>
    <message>
        <source>Draw with the left mouse button, erase with the right one</source>
        <translation>用鼠标左键绘制，用右键擦除</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::GraphModel</name>
    <message>
        <source>unknown node type &apos;%1&apos;</source>
        <translation>未知的节点类型“%1”</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>添加 %1</translation>
    </message>
    <message>
        <source>Delete %1</source>
        <translation>删除 %1</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n Nodes</source>
        <translation>
            <numerusform>删除 %n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>both ends must be nodes of the graph</source>
        <translation>连线两端都必须是图中的节点</translation>
    </message>
    <message>
        <source>a node cannot feed itself</source>
        <translation>节点不能连接到自身</translation>
    </message>
    <message>
        <source>a node of an unknown type cannot be connected</source>
        <translation>未知类型的节点不能连接</translation>
    </message>
    <message>
        <source>%1 (%2) has no output %3</source>
        <translation>%1（%2）没有输出 %3</translation>
    </message>
    <message>
        <source>%1 (%2) has no input %3</source>
        <translation>%1（%2）没有输入 %3</translation>
    </message>
    <message>
        <source>connecting %1 to %2 would make a cycle</source>
        <translation>连接 %1 到 %2 会形成环</translation>
    </message>
    <message>
        <source>Connect %1 → %2</source>
        <translation>连接 %1 → %2</translation>
    </message>
    <message>
        <source>Disconnect %1</source>
        <translation>断开 %1</translation>
    </message>
    <message>
        <source>Move %1</source>
        <translation>移动 %1</translation>
    </message>
    <message numerus="yes">
        <source>Move %n Nodes</source>
        <translation>
            <numerusform>移动 %n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>Set %1.%2</source>
        <translation>设置 %1.%2</translation>
    </message>
    <message numerus="yes">
        <source>Paste %n Nodes</source>
        <translation>
            <numerusform>粘贴 %n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>input %1: %2</source>
        <translation>输入 %1：%2</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Reconnect %1 → %2</source>
        <translation>重新连接 %1 → %2</translation>
    </message>
    <message>
        <source>a node&apos;s name cannot be empty</source>
        <translation>节点名称不能为空</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid name: use letters, digits and _, starting with a letter or _</source>
        <translation>“%1”不是有效的名称：请使用字母、数字和 _，并以字母或 _ 开头</translation>
    </message>
    <message>
        <source>a node named &apos;%1&apos; already exists</source>
        <translation>已存在名为“%1”的节点</translation>
    </message>
    <message>
        <source>no node &apos;%1&apos; in the graph</source>
        <translation>图中没有节点“%1”</translation>
    </message>
    <message>
        <source>Rename %1 to %2</source>
        <translation>将 %1 重命名为 %2</translation>
    </message>
    <message>
        <source>Add %1 after %2</source>
        <translation>在 %2 之后添加 %1</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::GraphScene</name>
    <message numerus="yes">
        <source>Delete %n Edges</source>
        <translation>
            <numerusform>删除 %n 条连线</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n Nodes</source>
        <translation>
            <numerusform>删除 %n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot paste: %1</source>
        <translation>无法粘贴：%1</translation>
    </message>
    <message>
        <source>Drop the connection on a node&apos;s input port</source>
        <translation>请把连线放到节点的输入端口上</translation>
    </message>
    <message>
        <source>%1 has no input port</source>
        <translation>%1 没有输入端口</translation>
    </message>
    <message>
        <source>Not connected: %1</source>
        <translation>未连接：%1</translation>
    </message>
    <message>
        <source>Not reconnected: %1</source>
        <translation>未重新连接：%1</translation>
    </message>
    <message>
        <source>Drop the connection on the node that should feed %1</source>
        <translation>把连线放到应当为 %1 提供输入的节点上</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::HeatLegend</name>
    <message>
        <source>Share of the profiled steps&apos; time spent in each layer, as painted on the designer&apos;s nodes</source>
        <translation>所分析步骤中各层所占的时间比例，与设计器节点上的着色一致</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::LessonPlayer</name>
    <message>
        <source>← Previous</source>
        <translation>← 上一步</translation>
    </message>
    <message>
        <source>Next →</source>
        <translation>下一步 →</translation>
    </message>
    <message>
        <source>Lesson %1: %2</source>
        <translation>第 %1 课：%2</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>第 %1 步，共 %2 步：%3</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::LossPlot</name>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>对数坐标</translation>
    </message>
    <message>
        <source>per step</source>
        <translation>按步</translation>
    </message>
    <message>
        <source>per epoch</source>
        <translation>按轮次</translation>
    </message>
    <message>
        <source>Smoothing (exponential moving average, as TensorBoard&apos;s)</source>
        <translation>平滑（指数移动平均，同 TensorBoard）</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Save the curves as PNG, SVG or CSV</source>
        <translation>将曲线保存为 PNG、SVG 或 CSV</translation>
    </message>
    <message>
        <source>Smoothing</source>
        <translation>平滑</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>epoch</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Export Curves</source>
        <translation>导出曲线</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg);;CSV table (*.csv)</source>
        <translation>PNG 图像 (*.png);;SVG 图像 (*.svg);;CSV 表格 (*.csv)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>无法写入 %1</translation>
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
    <name>tessera::widgets::MetricsView</name>
    <message>
        <source>No metrics yet: they appear after the first epoch.</source>
        <translation>尚无指标：第一轮结束后显示。</translation>
    </message>
    <message>
        <source>Normalise rows</source>
        <translation>按行归一化</translation>
    </message>
    <message>
        <source>actual</source>
        <translation>实际值</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>预测值</translation>
    </message>
    <message>
        <source>residual (actual − predicted)</source>
        <translation>残差（实际 − 预测）</translation>
    </message>
    <message>
        <source>%1 split · after epoch %2 · %3 samples · accuracy %4</source>
        <translation>%1 划分 · 第 %2 轮后 · %3 个样本 · 准确率 %4</translation>
    </message>
    <message>
        <source>%1 split · after epoch %2 · %3 samples · R² %4</source>
        <translation>%1 划分 · 第 %2 轮后 · %3 个样本 · R² %4</translation>
    </message>
    <message>
        <source>FPR (ROC) · recall (PR)</source>
        <translation>假正率 (ROC) · 召回率 (PR)</translation>
    </message>
    <message>
        <source>TPR · precision</source>
        <translation>真正率 · 精确率</translation>
    </message>
    <message>
        <source>ROC (AUC %1)</source>
        <translation>ROC（AUC %1）</translation>
    </message>
    <message>
        <source>PR (AP %1)</source>
        <translation>PR（AP %1）</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::NodePalette</name>
    <message>
        <source>Search layers…</source>
        <translation>搜索层…</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::NumberBox</name>
    <message>
        <source>&quot;%1&quot; is not a number</source>
        <translation>“%1”不是数字</translation>
    </message>
    <message>
        <source>%1 is below the smallest value allowed here, %2</source>
        <translation>%1 小于此处允许的最小值 %2</translation>
    </message>
    <message>
        <source>%1 is above the largest value allowed here, %2</source>
        <translation>%1 大于此处允许的最大值 %2</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::ParamEditor</name>
    <message>
        <source>None</source>
        <translation>None</translation>
    </message>
    <message>
        <source>Leave %1 unset (None), as torch&apos;s default does</source>
        <translation>不设置 %1（None），与 torch 的默认值相同</translation>
    </message>
    <message>
        <source>size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Remove the last dimension</source>
        <translation>删除最后一个维度</translation>
    </message>
    <message>
        <source>Add a dimension</source>
        <translation>添加一个维度</translation>
    </message>
    <message>
        <source>per dim</source>
        <translation>按维度</translation>
    </message>
    <message numerus="yes">
        <source>A different value for each of the %n dimensions</source>
        <translation>
            <numerusform>为 %n 个维度分别设置不同的值</numerusform>
        </translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::PlaygroundWidget</name>
    <message>
        <source>b = a * 3
c = b.mean()</source>
        <translation>b = a * 3
c = b.mean()</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Grad</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>the last scalar the script assigns</source>
        <translation>脚本最后赋值的标量</translation>
    </message>
    <message>
        <source>Add input</source>
        <translation>添加输入</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Random values</source>
        <translation>随机值</translation>
    </message>
    <message>
        <source>Backward on:</source>
        <translation>反向传播对象：</translation>
    </message>
    <message>
        <source>Script (torch syntax: torch.*, F.*, tensor methods)</source>
        <translation>脚本（torch 语法：torch.*、F.*、张量方法）</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>line %1, column %2: %3</source>
        <translation>第 %1 行，第 %2 列：%3</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::ProfileTableModel</name>
    <message>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>op</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>calls</source>
        <translation>调用次数</translation>
    </message>
    <message>
        <source>total ms</source>
        <translation>总毫秒</translation>
    </message>
    <message>
        <source>mean µs</source>
        <translation>平均微秒</translation>
    </message>
    <message>
        <source>p50 µs</source>
        <translation>p50 微秒</translation>
    </message>
    <message>
        <source>p95 µs</source>
        <translation>p95 微秒</translation>
    </message>
    <message>
        <source>p99 µs</source>
        <translation>p99 微秒</translation>
    </message>
    <message>
        <source>share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::ProfileView</name>
    <message>
        <source>No profile yet: Profile records the next steps of a run.</source>
        <translation>尚无剖析：“性能剖析”会记录运行接下来的若干步。</translation>
    </message>
    <message>
        <source>Group by layer</source>
        <translation>按层分组</translation>
    </message>
    <message>
        <source> steps</source>
        <translation> 步</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>性能剖析</translation>
    </message>
    <message>
        <source>Record every op of the next steps of the run</source>
        <translation>记录运行接下来若干步中的每个算子</translation>
    </message>
    <message>
        <source>Export Trace…</source>
        <translation>导出追踪…</translation>
    </message>
    <message>
        <source>%1 steps, %2 ms of step time, %3 op calls</source>
        <translation>%1 步，步耗时 %2 毫秒，%3 次算子调用</translation>
    </message>
    <message>
        <source>Export Chrome Trace</source>
        <translation>导出 Chrome 追踪</translation>
    </message>
    <message>
        <source>Chrome trace JSON (*.json)</source>
        <translation>Chrome 追踪 JSON (*.json)</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Heat on designer nodes</source>
        <translation>在设计器节点上显示热度</translation>
    </message>
    <message>
        <source>Colour each node of the designer by its layer&apos;s share of the step time</source>
        <translation>按各节点所在层占步骤时间的比例为设计器的每个节点着色</translation>
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
<context>
    <name>tessera::widgets::PropertyEditor</name>
    <message>
        <source>&lt;i&gt;Select a node to edit its parameters.&lt;/i&gt;</source>
        <translation>&lt;i&gt;选择一个节点以编辑其参数。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Unknown node type.</source>
        <translation>未知的节点类型。</translation>
    </message>
    <message>
        <source>The node&apos;s name: it names the node&apos;s weights (name.weight) and must be unique, made of letters, digits and _</source>
        <translation>节点的名称：它用于命名节点的权重（name.weight），必须唯一，且只能由字母、数字和 _ 组成</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Not renamed: %1</source>
        <translation>未重命名：%1</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::RunPanel</name>
    <message>
        <source>Momentum</source>
        <translation>动量</translation>
    </message>
    <message>
        <source>Shuffle every epoch</source>
        <translation>每轮打乱</translation>
    </message>
    <message>
        <source>Early stopping</source>
        <translation>提前停止</translation>
    </message>
    <message>
        <source>constant</source>
        <translation>常数</translation>
    </message>
    <message>
        <source>as set</source>
        <translation>保持现状</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>Weight decay</source>
        <translation>权重衰减</translation>
    </message>
    <message>
        <source>LR schedule</source>
        <translation>学习率调度</translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation>轮数</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Monitor</source>
        <translation>监控指标</translation>
    </message>
    <message>
        <source>Patience (epochs)</source>
        <translation>耐心（轮）</translation>
    </message>
    <message>
        <source>Clip grad norm</source>
        <translation>梯度范数裁剪</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>线程数</translation>
    </message>
    <message>
        <source>Step size</source>
        <translation>步长</translation>
    </message>
    <message>
        <source>Gamma</source>
        <translation>衰减系数 gamma</translation>
    </message>
    <message>
        <source>T_max</source>
        <translation>T_max</translation>
    </message>
    <message>
        <source>Minimum LR</source>
        <translation>最小学习率</translation>
    </message>
    <message>
        <source>Total iters</source>
        <translation>总迭代数</translation>
    </message>
    <message>
        <source>Start factor</source>
        <translation>起始系数</translation>
    </message>
    <message>
        <source>Max LR</source>
        <translation>最大学习率</translation>
    </message>
    <message>
        <source>The type of the graph&apos;s loss node</source>
        <translation>图中损失节点的类型</translation>
    </message>
    <message>
        <source>Share of the data set held out for validation after each epoch</source>
        <translation>每个轮次之后留作验证的数据集比例</translation>
    </message>
    <message>
        <source>Share of the data set held out for the final test</source>
        <translation>留作最终测试的数据集比例</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Validation split</source>
        <translation>验证集比例</translation>
    </message>
    <message>
        <source>Test split</source>
        <translation>测试集比例</translation>
    </message>
    <message>
        <source>no loss node in the graph</source>
        <translation>图中没有损失节点</translation>
    </message>
    <message>
        <source>Initial weights</source>
        <translation>初始权重</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>The weights file the model starts from (training.initialWeights)</source>
        <translation>模型开始时使用的权重文件（training.initialWeights）</translation>
    </message>
    <message>
        <source>Start from weights drawn from the seed instead (undoable)</source>
        <translation>改为从随机种子生成的权重开始（可撤销）</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::TensorHistoryModel</name>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>gradient</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>activation</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <source>Std</source>
        <translation>标准差</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小值</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>NaN/Inf</source>
        <translation>NaN/Inf</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::TensorInspector</name>
    <message>
        <source>Detect NaN/Inf</source>
        <translation>检测 NaN/Inf</translation>
    </message>
    <message>
        <source>All tensors</source>
        <translation>所有张量</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>every </source>
        <translation>每 </translation>
    </message>
    <message>
        <source> steps</source>
        <translation> 步</translation>
    </message>
    <message>
        <source>How often the run&apos;s tensors are sampled (each sample costs about one forward pass on 64 rows)</source>
        <translation>运行中张量的采样频率（每次采样约耗费 64 行上的一次前向传播）</translation>
    </message>
    <message>
        <source>Check every op&apos;s output and every gradient for NaN/Inf (autograd anomaly mode) and stop at the op that made one; slower. The loss is always checked.</source>
        <translation>检查每个运算的输出和每个梯度是否有 NaN/Inf（自动求导异常模式），并在产生它的运算处停止；会更慢。损失总是会被检查。</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>Sample</source>
        <translation>采样</translation>
    </message>
    <message>
        <source>No samples yet.</source>
        <translation>还没有样本。</translation>
    </message>
    <message numerus="yes">
        <source>%n sample(s), the last at step %1</source>
        <translation>
            <numerusform>%n 个样本，最后一个在第 %1 步</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tessera::widgets::TensorPanelBrowser</name>
    <message>
        <source>%1 elements; the first %2 in order:
</source>
        <translation>共 %1 个元素；按顺序列出前 %2 个：
</translation>
    </message>
    <message>
        <source>values not recorded</source>
        <translation>未记录数值</translation>
    </message>
    <message>
        <source>%1 values · min %2 · max %3 · mean %4 · std %5</source>
        <translation>%1 个值 · 最小 %2 · 最大 %3 · 均值 %4 · 标准差 %5</translation>
    </message>
    <message>
        <source>Hide the numbers</source>
        <translation>隐藏数值</translation>
    </message>
    <message>
        <source>Show the %1 numbers</source>
        <translation>显示全部 %1 个数值</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::TensorPlots</name>
    <message>
        <source>No samples yet: tensors are sampled while a run trains.</source>
        <translation>还没有样本：张量在训练运行时采样。</translation>
    </message>
    <message>
        <source>Select a tensor in the table.</source>
        <translation>在表格中选择一个张量。</translation>
    </message>
    <message>
        <source>%1 — histogram at step %2</source>
        <translation>%1 — 第 %2 步的直方图</translation>
    </message>
    <message>
        <source>%1 NaN/Inf</source>
        <translation>%1 个 NaN/Inf</translation>
    </message>
    <message>
        <source>Over time: steps %1–%2 (colour: share of values)</source>
        <translation>随时间变化：第 %1–%2 步（颜色：数值占比）</translation>
    </message>
    <message>
        <source>Values at step %1: %2 rows × %3 columns (blue &lt; 0 &lt; red)</source>
        <translation>第 %1 步的数值：%2 行 × %3 列（蓝 &lt; 0 &lt; 红）</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::TryModelModel</name>
    <message>
        <source>The input has %1 values, the model takes %2</source>
        <translation>输入有 %1 个值，模型需要 %2 个</translation>
    </message>
    <message>
        <source>%1 (%2%)</source>
        <translation>%1（%2%）</translation>
    </message>
    <message>
        <source>y = %1</source>
        <translation>y = %1</translation>
    </message>
    <message>
        <source>class %1</source>
        <translation>类别 %1</translation>
    </message>
    <message>
        <source>output %1</source>
        <translation>输出 %1</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Probability</source>
        <translation>概率</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::TryModelView</name>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Rows of the test split: pick one to see what the model predicts for it</source>
        <translation>测试集中的行：选择一行以查看模型对它的预测</translation>
    </message>
    <message>
        <source>Draw a digit (left button draws, right erases):</source>
        <translation>画一个数字（左键绘制，右键擦除）：</translation>
    </message>
    <message>
        <source>Prediction:</source>
        <translation>预测：</translation>
    </message>
    <message>
        <source>Actual: %1</source>
        <translation>实际：%1</translation>
    </message>
    <message>
        <source>Train a run (or pause one) to try its model here.</source>
        <translation>训练一个运行（或暂停一个运行）以便在这里试用它的模型。</translation>
    </message>
</context>
</TS>
