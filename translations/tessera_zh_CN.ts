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
    <message>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
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
    <message>
        <source>View an ONNX model, or import it as a new project and open it in the designer</source>
        <translation>查看 ONNX 模型，或将其导入为新项目并在设计器中打开</translation>
    </message>
    <message>
        <source>Open %1 to view it (read-only: every node, attribute and weight) or import it as a new project?</source>
        <translation>打开 %1 以查看（只读：每个节点、属性和权重），还是将其导入为新项目？</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>查看(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Import as Project…</source>
        <translation>导入为项目(&amp;I)…</translation>
    </message>
    <message>
        <source>Imported %1 as %2: %3 nodes, weights in %4; trained as %5</source>
        <translation>已将 %1 导入为 %2：%3 个节点，权重位于 %4；训练方式：%5</translation>
    </message>
</context>
<context>
    <name>tessera::app::OnnxView</name>
    <message>
        <source>&amp;Import as Project…</source>
        <translation>导入为项目(&amp;I)…</translation>
    </message>
    <message>
        <source>%1 — ONNX model (read-only)</source>
        <translation>%1 — ONNX 模型（只读）</translation>
    </message>
    <message>
        <source>Tessera can import every node of this model. Nothing is imported until you ask.</source>
        <translation>Tessera 可以导入此模型的每个节点。在你要求之前不会导入任何内容。</translation>
    </message>
    <message>
        <source>Tessera cannot import this model: %1</source>
        <translation>Tessera 无法导入此模型：%1</translation>
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
    <name>tessera::app::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>系统默认（%1）</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Autosave every:</source>
        <translation>自动保存间隔(&amp;A)：</translation>
    </message>
    <message>
        <source>Changes take effect the next time Tessera starts.</source>
        <translation>更改将在下次启动 Tessera 时生效。</translation>
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
    <name>tessera::app::TrainingTaskDialog</name>
    <message>
        <source>%1 classes: %2 on %3</source>
        <translation>%1 个类别：%3 上的 %2</translation>
    </message>
    <message>
        <source>regression of %1: %2 on %3</source>
        <translation>回归 %1：%3 上的 %2</translation>
    </message>
    <message>
        <source>no loss (predict only)</source>
        <translation>无损失（仅预测）</translation>
    </message>
    <message>
        <source> (kept in the file)</source>
        <translation>（文件中保存的）</translation>
    </message>
    <message>
        <source>Train the Imported Model As</source>
        <translation>导入模型的训练方式</translation>
    </message>
    <message>
        <source>The model&apos;s output shape is unknown. Train it as:</source>
        <translation>模型输出的形状未知。训练方式：</translation>
    </message>
    <message>
        <source>The model&apos;s output is %1. Train it as:</source>
        <translation>模型的输出为 %1。训练方式：</translation>
    </message>
    <message>
        <source>The import adds a Target and this loss; change either later in the designer.</source>
        <translation>导入时会添加一个 Target 和此损失；之后可在设计器中修改二者。</translation>
    </message>
</context>
<context>
    <name>tessera::core</name>
    <message>
        <source>&apos;tanh&apos; uses the tanh approximation of Φ.</source>
        <translation>&apos;tanh&apos; 使用 Φ 的 tanh 近似。</translation>
    </message>
    <message>
        <source>1-D convolution over [N, C, L] (or unbatched [C, L]) inputs.</source>
        <translation>对 [N, C, L]（或无批次的 [C, L]）输入做一维卷积。</translation>
    </message>
    <message>
        <source>2-D convolution over [N, C, H, W] (or unbatched [C, H, W]) inputs.</source>
        <translation>对 [N, C, H, W]（或无批次的 [C, H, W]）输入做二维卷积。</translation>
    </message>
    <message>
        <source>A table of learned vectors looked up by integer index.</source>
        <translation>按整数索引查找的可学习向量表。</translation>
    </message>
    <message>
        <source>A transformer encoder block: self-attention then a feed-forward network, each with a residual connection and layer normalisation (after the sum, or before each block with norm_first).</source>
        <translation>Transformer 编码器块：先自注意力，再前馈网络，各带残差连接和层归一化（在求和之后；若设 norm_first 则在每个块之前）。</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>Activation of the feed-forward hidden layer.</source>
        <translation>前馈隐藏层的激活函数。</translation>
    </message>
    <message>
        <source>Add a layer that reads the sequence backwards; outputs concatenate both directions.</source>
        <translation>增加一个反向读取序列的层；输出拼接两个方向。</translation>
    </message>
    <message>
        <source>Added to the variance for numerical stability.</source>
        <translation>加到方差上以保证数值稳定。</translation>
    </message>
    <message>
        <source>Added to the variance in both layer norms.</source>
        <translation>在两个层归一化中加到方差上。</translation>
    </message>
    <message>
        <source>Adds fixed sine/cosine position signals to a batch-first sequence [N, L, d_model] (the PyTorch tutorial&apos;s PositionalEncoding, without dropout), so that attention can tell the steps apart.</source>
        <translation>为批次在前的序列 [N, L, d_model] 加上固定的正弦/余弦位置信号（即 PyTorch 教程中的 PositionalEncoding，不含 dropout），使注意力能区分各个时间步。</translation>
    </message>
    <message>
        <source>Adds its inputs element-wise (with broadcasting): residual connections.</source>
        <translation>逐元素相加各输入（支持广播）：用于残差连接。</translation>
    </message>
    <message>
        <source>Append a learnt bias to the key and value sequences.</source>
        <translation>在键和值序列后附加一个可学习的偏置。</translation>
    </message>
    <message>
        <source>Append a zero key and value after the projections.</source>
        <translation>在投影之后附加一个零键和零值。</translation>
    </message>
    <message>
        <source>Applies an affine map y = x·Wᵀ + b to the last dimension.</source>
        <translation>对最后一维做仿射变换 y = x·Wᵀ + b。</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Average over sliding 2-D windows of [N, C, H, W] inputs.</source>
        <translation>在 [N, C, H, W] 输入上对滑动的二维窗口取平均。</translation>
    </message>
    <message>
        <source>Average pooling to a fixed output size, whatever the input size.</source>
        <translation>无论输入大小，平均池化到固定的输出大小。</translation>
    </message>
    <message>
        <source>Binary cross-entropy of logits (sigmoid included) against 0/1 targets of the same shape.</source>
        <translation>logits（含 sigmoid）与同形状 0/1 目标之间的二元交叉熵。</translation>
    </message>
    <message>
        <source>Binary cross-entropy of probabilities (after Sigmoid) against 0/1 targets.</source>
        <translation>概率（经 Sigmoid 后）与 0/1 目标之间的二元交叉熵。</translation>
    </message>
    <message>
        <source>Convolution</source>
        <translation>卷积</translation>
    </message>
    <message>
        <source>Count the zero padding in the divisor.</source>
        <translation>除数中计入零填充。</translation>
    </message>
    <message>
        <source>Cross-entropy of class scores (logits) against class indices or class probabilities.</source>
        <translation>类别得分（logits）与类别索引或类别概率之间的交叉熵。</translation>
    </message>
    <message>
        <source>Dim to normalise; null means torch&apos;s legacy choice (0 for 0/1/3-dim inputs, else 1).</source>
        <translation>要归一化的维度；null 表示 torch 的旧默认（0/1/3 维输入取 0，否则取 1）。</translation>
    </message>
    <message>
        <source>Divide by this instead of the window size.</source>
        <translation>用此值代替窗口大小作除数。</translation>
    </message>
    <message>
        <source>Dropout probability (attention weights, feed-forward hidden layer, both residual branches).</source>
        <translation>Dropout 概率（注意力权重、前馈隐藏层、两条残差分支）。</translation>
    </message>
    <message>
        <source>Dropout probability on the attention weights, in training.</source>
        <translation>训练时注意力权重上的 Dropout 概率。</translation>
    </message>
    <message>
        <source>Dropout probability on the outputs of every layer but the last, in training.</source>
        <translation>训练时除最后一层外每层输出上的 Dropout 概率。</translation>
    </message>
    <message>
        <source>Embedding</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>Exponential linear unit: x for x &gt; 0, alpha·(eˣ − 1) otherwise.</source>
        <translation>指数线性单元：x &gt; 0 时为 x，否则为 alpha·(eˣ − 1)。</translation>
    </message>
    <message>
        <source>First dim to flatten.</source>
        <translation>要展平的第一个维度。</translation>
    </message>
    <message>
        <source>Flattens the dims start_dim … end_dim into one.</source>
        <translation>把维度 start_dim … end_dim 展平为一维。</translation>
    </message>
    <message>
        <source>Gated recurrent unit over a sequence (gates r, z, n); returns the output sequence.</source>
        <translation>序列上的门控循环单元（门 r、z、n）；返回输出序列。</translation>
    </message>
    <message>
        <source>Gaussian error linear unit: x·Φ(x), Φ the standard normal CDF.</source>
        <translation>高斯误差线性单元：x·Φ(x)，Φ 为标准正态分布函数。</translation>
    </message>
    <message>
        <source>Gives every sample a new shape with the same number of values ([N, …] → [N, *shape]); one entry may be -1 and is then inferred.</source>
        <translation>给每个样本一个元素个数不变的新形状（[N, …] → [N, *shape]）；可有一项为 -1，由其余推断。</translation>
    </message>
    <message>
        <source>How the padding is filled: zeros, the mirror image without the edge (reflect), copies of the edge (replicate) or the other end&apos;s values (circular).</source>
        <translation>填充方式：零（zeros）、不含边缘的镜像（reflect）、复制边缘（replicate）或另一端的值（circular）。</translation>
    </message>
    <message>
        <source>Huber loss: quadratic below delta, linear above.</source>
        <translation>Huber 损失：小于 delta 时为二次，大于时为线性。</translation>
    </message>
    <message>
        <source>Hyperbolic tangent.</source>
        <translation>双曲正切。</translation>
    </message>
    <message>
        <source>If &gt; 0, h is projected to this size (weight_hr); must be below hidden_size.</source>
        <translation>若 &gt; 0，h 被投影到此大小（weight_hr）；必须小于 hidden_size。</translation>
    </message>
    <message>
        <source>Implicit zero padding on both sides (at most half the kernel size).</source>
        <translation>两侧的隐式零填充（至多为核大小的一半）。</translation>
    </message>
    <message>
        <source>Implicit −∞ padding on both sides (at most half the kernel size).</source>
        <translation>两侧的隐式 −∞ 填充（至多为核大小的一半）。</translation>
    </message>
    <message>
        <source>Index whose vector starts at zero and is not trained (negative counts from the end).</source>
        <translation>该索引的向量从零开始且不参与训练（负数从末尾数起）。</translation>
    </message>
    <message>
        <source>Input and output are [batch, seq, feature] instead of [seq, batch, feature].</source>
        <translation>输入和输出为 [batch, seq, feature]，而不是 [seq, batch, feature]。</translation>
    </message>
    <message>
        <source>Input and output are [batch, time, features] instead of [time, batch, features].</source>
        <translation>输入和输出为 [batch, time, features]，而不是 [time, batch, features]。</translation>
    </message>
    <message>
        <source>Input/Output</source>
        <translation>输入/输出</translation>
    </message>
    <message>
        <source>Inputs and output are [batch, seq, feature] instead of [seq, batch, feature].</source>
        <translation>输入和输出为 [batch, seq, feature]，而不是 [seq, batch, feature]。</translation>
    </message>
    <message>
        <source>Joins its inputs along one dimension (torch.cat). Every other dimension must match.</source>
        <translation>沿一个维度拼接各输入（torch.cat）。其余维度必须一致。</translation>
    </message>
    <message>
        <source>Keep running mean and variance for evaluation; otherwise batch statistics are always used.</source>
        <translation>为评估保留滑动均值和方差；否则总是使用批次统计量。</translation>
    </message>
    <message>
        <source>Keeps the last step of a sequence and drops that dimension: x[:, -1] for dim 1. Turns an LSTM&apos;s or a Transformer&apos;s [N, L, H] output into [N, H].</source>
        <translation>保留序列的最后一步并去掉该维度：dim 为 1 时即 x[:, -1]。把 LSTM 或 Transformer 的 [N, L, H] 输出变为 [N, H]。</translation>
    </message>
    <message>
        <source>L1 loss that is quadratic below beta: robust to outliers, smooth near 0.</source>
        <translation>小于 beta 时为二次的 L1 损失：对离群值稳健，在 0 附近平滑。</translation>
    </message>
    <message>
        <source>Last dim to flatten (negative counts from the end).</source>
        <translation>要展平的最后一个维度（负数从末尾数起）。</translation>
    </message>
    <message>
        <source>Leaky rectified linear unit: x for x ≥ 0, negative_slope·x otherwise.</source>
        <translation>带泄漏的线性整流单元：x ≥ 0 时为 x，否则为 negative_slope·x。</translation>
    </message>
    <message>
        <source>Learn a per-channel weight (init 1) and bias (init 0).</source>
        <translation>为每个通道学习权重（初值 1）和偏置（初值 0）。</translation>
    </message>
    <message>
        <source>Learn a per-element weight (init 1) and bias (init 0).</source>
        <translation>为每个元素学习权重（初值 1）和偏置（初值 0）。</translation>
    </message>
    <message>
        <source>Learn an additive bias.</source>
        <translation>学习一个加性偏置。</translation>
    </message>
    <message>
        <source>Learn biases of the input and output projections.</source>
        <translation>学习输入和输出投影的偏置。</translation>
    </message>
    <message>
        <source>Learn the biases b_ih and b_hh.</source>
        <translation>学习偏置 b_ih 和 b_hh。</translation>
    </message>
    <message>
        <source>Linear</source>
        <translation>线性</translation>
    </message>
    <message>
        <source>Log of softmax along a dim, computed stably: xᵢ − log Σⱼ exp(xⱼ).</source>
        <translation>沿某一维度的 softmax 的对数，稳定计算：xᵢ − log Σⱼ exp(xⱼ)。</translation>
    </message>
    <message>
        <source>Logistic sigmoid: 1 / (1 + e^(−x)).</source>
        <translation>Logistic sigmoid：1 / (1 + e^(−x))。</translation>
    </message>
    <message>
        <source>Long short-term memory over a sequence (gates i, f, g, o); returns the output sequence.</source>
        <translation>序列上的长短期记忆（门 i、f、g、o）；返回输出序列。</translation>
    </message>
    <message>
        <source>Looked-up vectors with a larger norm are rescaled to this norm (the table changes in place).</source>
        <translation>范数更大的被查向量会缩放到此范数（表被原地修改）。</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Maximum over sliding 2-D windows of [N, C, H, W] inputs.</source>
        <translation>在 [N, C, H, W] 输入上取滑动二维窗口的最大值。</translation>
    </message>
    <message>
        <source>Mean absolute error between prediction and target.</source>
        <translation>预测与目标之间的平均绝对误差。</translation>
    </message>
    <message>
        <source>Mean squared error between prediction and target.</source>
        <translation>预测与目标之间的均方误差。</translation>
    </message>
    <message>
        <source>Merge</source>
        <translation>合并</translation>
    </message>
    <message>
        <source>Multi-head scaled dot-product attention; as a graph node it attends over its input (query = key = value).</source>
        <translation>多头缩放点积注意力；作为图节点时它对自身输入做注意力（query = key = value）。</translation>
    </message>
    <message>
        <source>Multiplies its inputs element-wise (with broadcasting): gates.</source>
        <translation>逐元素相乘各输入（支持广播）：用于门控。</translation>
    </message>
    <message>
        <source>Negative log-likelihood of log-probabilities (after LogSoftmax) against class indices.</source>
        <translation>对数概率（经 LogSoftmax 后）相对类别索引的负对数似然。</translation>
    </message>
    <message>
        <source>Normalises each channel of [N, C, H, W] inputs over the batch, with a learned scale and shift.</source>
        <translation>在批次上归一化 [N, C, H, W] 输入的每个通道，带可学习的缩放和平移。</translation>
    </message>
    <message>
        <source>Normalises each channel of [N, C] or [N, C, L] inputs over the batch, with a learned scale and shift.</source>
        <translation>在批次上归一化 [N, C] 或 [N, C, L] 输入的每个通道，带可学习的缩放和平移。</translation>
    </message>
    <message>
        <source>Normalises the trailing dims of each sample to mean 0, variance 1, with a learned scale and shift.</source>
        <translation>把每个样本的末尾几个维度归一化为均值 0、方差 1，带可学习的缩放和平移。</translation>
    </message>
    <message>
        <source>Normalization</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>Number of attention heads; must divide d_model.</source>
        <translation>注意力头数；必须整除 d_model。</translation>
    </message>
    <message>
        <source>Number of blocked connections from input to output channels; divides both channel counts.</source>
        <translation>从输入通道到输出通道的分组连接数；须整除两个通道数。</translation>
    </message>
    <message>
        <source>Number of channels C.</source>
        <translation>通道数 C。</translation>
    </message>
    <message>
        <source>Number of features of each input step (the last dimension).</source>
        <translation>每个输入时间步的特征数（最后一维）。</translation>
    </message>
    <message>
        <source>Number of features of each position (the input&apos;s last dimension).</source>
        <translation>每个位置的特征数（输入的最后一维）。</translation>
    </message>
    <message>
        <source>Number of features of the hidden state.</source>
        <translation>隐藏状态的特征数。</translation>
    </message>
    <message>
        <source>Number of features of the key (null: embed_dim).</source>
        <translation>键的特征数（null：embed_dim）。</translation>
    </message>
    <message>
        <source>Number of features of the value (null: embed_dim).</source>
        <translation>值的特征数（null：embed_dim）。</translation>
    </message>
    <message>
        <source>Number of input channels.</source>
        <translation>输入通道数。</translation>
    </message>
    <message>
        <source>Number of output channels (filters).</source>
        <translation>输出通道数（滤波器数）。</translation>
    </message>
    <message>
        <source>Number of parallel heads; must divide embed_dim.</source>
        <translation>并行头数；必须整除 embed_dim。</translation>
    </message>
    <message>
        <source>Number of stacked recurrent layers; each layer reads the outputs of the one before.</source>
        <translation>堆叠的循环层数；每层读取前一层的输出。</translation>
    </message>
    <message>
        <source>Number of vectors (indices run from 0 to num_embeddings − 1).</source>
        <translation>向量个数（索引从 0 到 num_embeddings − 1）。</translation>
    </message>
    <message>
        <source>Output height and width (one value for both); null keeps that input size.</source>
        <translation>输出的高和宽（一个值表示两者相同）；null 保持该输入大小。</translation>
    </message>
    <message>
        <source>Pooling</source>
        <translation>池化</translation>
    </message>
    <message>
        <source>Pre-norm: normalise each block&apos;s input instead of the residual sum.</source>
        <translation>前置归一化：归一化每个块的输入，而不是残差和。</translation>
    </message>
    <message>
        <source>Probability of an element being zeroed.</source>
        <translation>元素被置零的概率。</translation>
    </message>
    <message>
        <source>Randomly zeroes elements with probability p during training (scaling the rest by 1/(1−p)).</source>
        <translation>训练时以概率 p 随机置零元素（其余元素乘以 1/(1−p)）。</translation>
    </message>
    <message>
        <source>Rectified linear unit: max(0, x).</source>
        <translation>线性整流单元：max(0, x)。</translation>
    </message>
    <message>
        <source>Recurrent</source>
        <translation>循环</translation>
    </message>
    <message>
        <source>Regularization</source>
        <translation>正则化</translation>
    </message>
    <message>
        <source>Rescales a dim to probabilities: exp(xᵢ) / Σⱼ exp(xⱼ).</source>
        <translation>把某一维度重新缩放为概率：exp(xᵢ) / Σⱼ exp(xⱼ)。</translation>
    </message>
    <message>
        <source>Reshape</source>
        <translation>变形</translation>
    </message>
    <message>
        <source>Round the output size up instead of down.</source>
        <translation>输出大小向上取整而非向下取整。</translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation>序列</translation>
    </message>
    <message>
        <source>Sigmoid linear unit (swish): x·σ(x).</source>
        <translation>Sigmoid 线性单元（swish）：x·σ(x)。</translation>
    </message>
    <message>
        <source>Size of each input sample (the last dimension).</source>
        <translation>每个输入样本的大小（最后一维）。</translation>
    </message>
    <message>
        <source>Size of each output sample.</source>
        <translation>每个输出样本的大小。</translation>
    </message>
    <message>
        <source>Size of each vector.</source>
        <translation>每个向量的大小。</translation>
    </message>
    <message>
        <source>Size of the convolving kernel.</source>
        <translation>卷积核的大小。</translation>
    </message>
    <message>
        <source>Size of the window.</source>
        <translation>窗口的大小。</translation>
    </message>
    <message>
        <source>Sizes of the trailing dims to normalise over (one size or a list).</source>
        <translation>要归一化的末尾维度的大小（一个大小或一个列表）。</translation>
    </message>
    <message>
        <source>Slope for negative inputs.</source>
        <translation>负输入的斜率。</translation>
    </message>
    <message>
        <source>Spacing between kernel elements.</source>
        <translation>卷积核元素之间的间距。</translation>
    </message>
    <message>
        <source>Spacing between window elements.</source>
        <translation>窗口元素之间的间距。</translation>
    </message>
    <message>
        <source>Standardises every feature with the mean and standard deviation of the training split (fitted before training, saved with the weights as buffers &apos;mean&apos; and &apos;std&apos;), like scikit-learn&apos;s StandardScaler.</source>
        <translation>用训练划分的均值和标准差标准化每个特征（在训练前拟合，作为缓冲区 &apos;mean&apos; 和 &apos;std&apos; 与权重一同保存），与 scikit-learn 的 StandardScaler 相同。</translation>
    </message>
    <message>
        <source>Step of the kernel.</source>
        <translation>卷积核的步长。</translation>
    </message>
    <message>
        <source>Step of the window; null means kernel_size.</source>
        <translation>窗口的步长；null 表示等于 kernel_size。</translation>
    </message>
    <message>
        <source>The data set&apos;s features. Each row of F numbers becomes one sample of the given shape ([N, F] → [N, *shape]); the product of the shape must equal F.</source>
        <translation>数据集的特征。每行 F 个数变为一个给定形状的样本（[N, F] → [N, *shape]）；形状各维之积必须等于 F。</translation>
    </message>
    <message>
        <source>The data set&apos;s targets: class indices (set classes) or regression values of the given shape (set shape). Feeds the target input of a loss.</source>
        <translation>数据集的目标：类别索引（设置 classes）或给定形状的回归值（设置 shape）。接到损失的 target 输入。</translation>
    </message>
    <message>
        <source>The model&apos;s prediction: what predict writes and what the ONNX export returns.</source>
        <translation>模型的预测：predict 写出的、ONNX 导出返回的结果。</translation>
    </message>
    <message>
        <source>The p of the p-norm compared with max_norm.</source>
        <translation>与 max_norm 比较的 p 范数中的 p。</translation>
    </message>
    <message>
        <source>Total size of the model (the query&apos;s last dimension); split across the heads.</source>
        <translation>模型的总大小（query 的最后一维）；分到各个头上。</translation>
    </message>
    <message>
        <source>Value the output approaches for very negative inputs (as −alpha).</source>
        <translation>输入很负时输出趋近的值（即 −alpha）。</translation>
    </message>
    <message>
        <source>Weight of the new batch in the running statistics; null for a cumulative average.</source>
        <translation>新批次在滑动统计量中的权重；null 表示累积平均。</translation>
    </message>
    <message>
        <source>Width of the feed-forward network&apos;s hidden layer.</source>
        <translation>前馈网络隐藏层的宽度。</translation>
    </message>
    <message>
        <source>Zeros added to both sides of each spatial dim; &apos;same&apos; keeps the size (stride 1 only), &apos;valid&apos; adds none.</source>
        <translation>在每个空间维度两侧补的零；&apos;same&apos; 保持大小（仅步长 1），&apos;valid&apos; 不补。</translation>
    </message>
    <message>
        <source>classification</source>
        <translation>分类</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>early-stopped</source>
        <translation>提前停止</translation>
    </message>
    <message>
        <source>feature size</source>
        <translation>特征大小</translation>
    </message>
    <message>
        <source>how the per-sample losses become one number: their mean or their sum</source>
        <translation>如何把每个样本的损失合成一个数：取均值或求和</translation>
    </message>
    <message>
        <source>longest sequence the table covers</source>
        <translation>表能覆盖的最长序列</translation>
    </message>
    <message>
        <source>mixes this much of the uniform distribution into the targets</source>
        <translation>在目标中混入这么多的均匀分布</translation>
    </message>
    <message>
        <source>non-finite</source>
        <translation>出现非有限值</translation>
    </message>
    <message>
        <source>number of classes: targets are int64 class indices [N]</source>
        <translation>类别数：目标是 int64 类别索引 [N]</translation>
    </message>
    <message>
        <source>regression</source>
        <translation>回归</translation>
    </message>
    <message>
        <source>shape of one regression target: targets are float32 [N, *shape]</source>
        <translation>一个回归目标的形状：目标为 float32 [N, *shape]</translation>
    </message>
    <message>
        <source>shape of one sample, e.g. [4] for 4 features, [1, 8, 8] for an 8×8 image, [32, 1] for a sequence of 32 steps</source>
        <translation>一个样本的形状，例如 4 个特征为 [4]，8×8 图像为 [1, 8, 8]，32 步的序列为 [32, 1]</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>targets equal to this class contribute nothing</source>
        <translation>等于此类别的目标不产生贡献</translation>
    </message>
    <message>
        <source>test</source>
        <translation>测试</translation>
    </message>
    <message>
        <source>the dimension to join along; 1 is the first after the batch (torch.cat&apos;s own default 0 would join batches)</source>
        <translation>拼接所沿的维度；1 是批次之后的第一个维度（torch.cat 自己的默认值 0 会拼接批次）</translation>
    </message>
    <message>
        <source>the new shape of one sample, without the batch dimension</source>
        <translation>一个样本的新形状，不含批次维度</translation>
    </message>
    <message>
        <source>the time dimension</source>
        <translation>时间维度</translation>
    </message>
    <message>
        <source>train</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>val</source>
        <translation>验证</translation>
    </message>
    <message>
        <source>weight of the positive examples (one number for every output; null = 1)</source>
        <translation>正样本的权重（每个输出一个数；null = 1）</translation>
    </message>
    <message>
        <source>where the loss turns linear</source>
        <translation>损失变为线性的位置</translation>
    </message>
    <message>
        <source>a node has an empty id</source>
        <translation>有一个节点的 id 为空</translation>
    </message>
    <message>
        <source>node id &apos;%1&apos; may not contain &apos;.&apos;: it names the node&apos;s weights (&apos;%2.weight&apos;)</source>
        <translation>节点 id &apos;%1&apos; 不能含有 &apos;.&apos;：它用于命名该节点的权重（&apos;%2.weight&apos;）</translation>
    </message>
    <message>
        <source>two nodes have the id &apos;%1&apos;</source>
        <translation>有两个节点的 id 都是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unknown node type &apos;%1&apos; (did you mean %2?)</source>
        <translation>未知的节点类型 &apos;%1&apos;（是否指 %2？）</translation>
    </message>
    <message>
        <source>unknown node type &apos;%1&apos;</source>
        <translation>未知的节点类型 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>an edge connects to the unknown node &apos;%1&apos;</source>
        <translation>有一条边连接到未知节点 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>%1 has no output port; the edge to &apos;%2&apos; leaves from port %3</source>
        <translation>%1 没有输出端口；通向 &apos;%2&apos; 的边从端口 %3 出发</translation>
    </message>
    <message>
        <source>%1 has 1 output port; the edge to &apos;%2&apos; leaves from port %3</source>
        <translation>%1 只有 1 个输出端口；通向 &apos;%2&apos; 的边从端口 %3 出发</translation>
    </message>
    <message>
        <source>%1 has %2 output ports; the edge to &apos;%3&apos; leaves from port %4</source>
        <translation>%1 有 %2 个输出端口；通向 &apos;%3&apos; 的边从端口 %4 出发</translation>
    </message>
    <message>
        <source>%1 has no input port; the edge from &apos;%2&apos; arrives at port %3</source>
        <translation>%1 没有输入端口；来自 &apos;%2&apos; 的边到达端口 %3</translation>
    </message>
    <message>
        <source>%1 has 1 input port; the edge from &apos;%2&apos; arrives at port %3</source>
        <translation>%1 只有 1 个输入端口；来自 &apos;%2&apos; 的边到达端口 %3</translation>
    </message>
    <message>
        <source>%1 has %2 input ports; the edge from &apos;%3&apos; arrives at port %4</source>
        <translation>%1 有 %2 个输入端口；来自 &apos;%3&apos; 的边到达端口 %4</translation>
    </message>
    <message>
        <source>input %1 is fed by both &apos;%2&apos; and &apos;%3&apos;; an input takes one edge</source>
        <translation>输入 %1 同时由 &apos;%2&apos; 和 &apos;%3&apos; 提供；一个输入只能接一条边</translation>
    </message>
    <message>
        <source>is on a cycle (%1); a model graph may not loop back</source>
        <translation>位于环上（%1）；模型图不能回连</translation>
    </message>
    <message>
        <source>the model has more than one Input node (&apos;%1&apos; and &apos;%2&apos;); it takes exactly one</source>
        <translation>模型有不止一个 Input 节点（&apos;%1&apos; 和 &apos;%2&apos;）；只能有一个</translation>
    </message>
    <message>
        <source>the model has more than one Output node (&apos;%1&apos; and &apos;%2&apos;); it takes exactly one</source>
        <translation>模型有不止一个 Output 节点（&apos;%1&apos; 和 &apos;%2&apos;）；只能有一个</translation>
    </message>
    <message>
        <source>the model has more than one loss node (&apos;%1&apos; and &apos;%2&apos;); it takes exactly one</source>
        <translation>模型有不止一个损失节点（&apos;%1&apos; 和 &apos;%2&apos;）；只能有一个</translation>
    </message>
    <message>
        <source>the model has more than one Target node (&apos;%1&apos; and &apos;%2&apos;); it takes exactly one</source>
        <translation>模型有不止一个 Target 节点（&apos;%1&apos; 和 &apos;%2&apos;）；只能有一个</translation>
    </message>
    <message>
        <source>the model has no Input node; add one for the data set&apos;s features</source>
        <translation>模型没有 Input 节点；请为数据集的特征添加一个</translation>
    </message>
    <message>
        <source>the model has no Output node; connect the prediction to an Output</source>
        <translation>模型没有 Output 节点；请把预测连接到一个 Output</translation>
    </message>
    <message>
        <source>the model has no loss, so it can predict but not train; connect the prediction and a Target to a loss such as CrossEntropyLoss or MSELoss</source>
        <translation>模型没有损失，因此只能预测、不能训练；请把预测和一个 Target 连接到损失，例如 CrossEntropyLoss 或 MSELoss</translation>
    </message>
    <message>
        <source>the model has a loss but no Target node; add a Target and connect it to the loss&apos;s target input</source>
        <translation>模型有损失但没有 Target 节点；请添加一个 Target 并把它连接到损失的 target 输入</translation>
    </message>
    <message>
        <source>input %1 (%2) is not connected</source>
        <translation>输入 %1（%2）未连接</translation>
    </message>
    <message>
        <source>input %1 is not connected</source>
        <translation>输入 %1 未连接</translation>
    </message>
    <message>
        <source>%1&apos;s shape rule gave %2 outputs for %3 ports</source>
        <translation>%1 的形状规则给出了 %2 个输出，但有 %3 个端口</translation>
    </message>
    <message>
        <source>the Input shape %1 holds %2 features per sample but the data set&apos;s rows have %3</source>
        <translation>Input 形状 %1 每个样本有 %2 个特征，但数据集的每行有 %3 个</translation>
    </message>
    <message>
        <source>the data set has class labels (%1 classes); give the Target classes %2 instead of a shape</source>
        <translation>数据集有类别标签（%1 个类别）；请给 Target 设置 classes %2 而不是 shape</translation>
    </message>
    <message>
        <source>the Target has %1 classes but the data set has %2</source>
        <translation>Target 有 %1 个类别，但数据集有 %2 个</translation>
    </message>
    <message>
        <source>the data set&apos;s targets are regression values (%1 per sample); give the Target a shape instead of classes</source>
        <translation>数据集的目标是回归值（每个样本 %1 个）；请给 Target 设置 shape 而不是 classes</translation>
    </message>
    <message>
        <source>the Target shape %1 holds %2 values per sample but the data set&apos;s targets have %3</source>
        <translation>Target 形状 %1 每个样本有 %2 个值，但数据集的目标有 %3 个</translation>
    </message>
    <message>
        <source>leads to neither the Output nor the loss, so it is never computed</source>
        <translation>既不通向 Output 也不通向损失，因此永远不会被计算</translation>
    </message>
    <message>
        <source>Linear expects %1 input features, gets %2 — add Flatten</source>
        <translation>Linear 需要 %1 个输入特征，实际得到 %2 — 请添加 Flatten</translation>
    </message>
    <message>
        <source>Linear expects %1 input features, gets %2 — set in_features to %3</source>
        <translation>Linear 需要 %1 个输入特征，实际得到 %2 — 请把 in_features 设为 %3</translation>
    </message>
    <message>
        <source>%1 expects %2 %3 (dim %4), gets %5 — set %6 to %7 or change the layer before it</source>
        <translation>%1 需要 %2 个 %3（维度 %4），实际得到 %5 — 请把 %6 设为 %7，或修改它前面的层</translation>
    </message>
    <message>
        <source>%1 has no parameter &apos;%2&apos; (did you mean %3?)</source>
        <translation>%1 没有参数 &apos;%2&apos;（是否指 %3？）</translation>
    </message>
    <message>
        <source>%1 has no parameter &apos;%2&apos;; it takes none</source>
        <translation>%1 没有参数 &apos;%2&apos;；它不接受任何参数</translation>
    </message>
    <message>
        <source>%1 has no parameter &apos;%2&apos;; its parameters are %3</source>
        <translation>%1 没有参数 &apos;%2&apos;；它的参数是 %3</translation>
    </message>
    <message>
        <source>data: missing &quot;dataset&quot; (a built-in or generated set) or &quot;csv&quot; (a file)</source>
        <translation>数据：尚未选择数据集（内置或生成的数据集，或 CSV 文件）</translation>
    </message>
    <message>
        <source>%1: %2 %3 is out of range for a %4-d input %5 (allowed %6 … %7)</source>
        <translation>%1：%2 %3 超出了 %4 维输入 %5 的范围（允许 %6 … %7）</translation>
    </message>
    <message>
        <source>%1 expects %2, gets %3 — add Flatten before it</source>
        <translation>%1 需要 %2，实际得到 %3 — 请在它前面添加 Flatten</translation>
    </message>
    <message>
        <source>%1 needs floating-point values, gets %2</source>
        <translation>%1 需要浮点数值，实际得到 %2</translation>
    </message>
    <message>
        <source>%1 needs a known sample shape, gets %2</source>
        <translation>%1 需要已知的样本形状，实际得到 %2</translation>
    </message>
    <message>
        <source>%1 needs known spatial sizes, gets %2</source>
        <translation>%1 需要已知的空间尺寸，实际得到 %2</translation>
    </message>
    <message>
        <source>Target: set either classes (classification) or shape (regression), not both</source>
        <translation>Target：请设置 classes（分类）或 shape（回归）之一，不能同时设置</translation>
    </message>
    <message>
        <source>Target: set classes (for class labels) or shape (for regression values)</source>
        <translation>Target：请设置 classes（类别标签）或 shape（回归值）</translation>
    </message>
    <message>
        <source>%1: input %2 has shape %3 but input 0 has %4; they cannot be broadcast together</source>
        <translation>%1：输入 %2 的形状为 %3，而输入 0 的形状为 %4；二者无法广播</translation>
    </message>
    <message>
        <source>Concat: dim 0 is the batch dimension N; join along 1 or later</source>
        <translation>Concat：维度 0 是批次维度 N；请沿维度 1 或之后的维度拼接</translation>
    </message>
    <message>
        <source>Concat: input %1 has shape %2, input 0 has %3; all dimensions but dim %4 must match</source>
        <translation>Concat：输入 %1 的形状为 %2，输入 0 的形状为 %3；除维度 %4 外所有维度必须一致</translation>
    </message>
    <message>
        <source>SelectLast: dim 0 is the batch dimension N; pick the time dimension (1 for [N, L, H])</source>
        <translation>SelectLast：维度 0 是批次维度 N；请选择时间维度（[N, L, H] 为 1）</translation>
    </message>
    <message>
        <source>SelectLast: the sequence is empty</source>
        <translation>SelectLast：序列为空</translation>
    </message>
    <message>
        <source>Reshape: only one entry of shape may be -1</source>
        <translation>Reshape：shape 中只能有一项为 -1</translation>
    </message>
    <message>
        <source>Reshape: a sample of %1 has %2 values; shape %3 cannot hold them</source>
        <translation>Reshape：%1 的一个样本有 %2 个值；形状 %3 容纳不下</translation>
    </message>
    <message>
        <source>PositionalEncoding expects d_model = %1 features (the last dim), gets %2</source>
        <translation>PositionalEncoding 需要 d_model = %1 个特征（最后一维），实际得到 %2</translation>
    </message>
    <message>
        <source>PositionalEncoding: sequences of %1 steps are longer than max_len %2</source>
        <translation>PositionalEncoding：%1 步的序列超过了 max_len %2</translation>
    </message>
    <message>
        <source>%1: class-index targets for scores %2 must have shape %3, gets %4</source>
        <translation>%1：得分 %2 对应的类别索引目标的形状必须为 %3，实际得到 %4</translation>
    </message>
    <message>
        <source>%1: the prediction %2 scores %3 classes but the Target has %4 — make the last layer output %5</source>
        <translation>%1：预测 %2 给出 %3 个类别的得分，但 Target 有 %4 个类别 — 请让最后一层输出 %5</translation>
    </message>
    <message>
        <source>NLLLoss needs int64 class-index targets, gets %1 — give the Target classes instead of a shape</source>
        <translation>NLLLoss 需要 int64 类别索引目标，实际得到 %1 — 请给 Target 设置 classes 而不是 shape</translation>
    </message>
    <message>
        <source>%1: class-probability targets must have the prediction&apos;s shape %2, gets %3</source>
        <translation>%1：类别概率目标必须与预测的形状 %2 相同，实际得到 %3</translation>
    </message>
    <message>
        <source>%1 needs float targets of the prediction&apos;s shape %2, but the Target gives class indices — give the Target a shape instead of classes</source>
        <translation>%1 需要与预测形状 %2 相同的浮点目标，但 Target 给出的是类别索引 — 请给 Target 设置 shape 而不是 classes</translation>
    </message>
    <message>
        <source>%1: the prediction %2 and the target %3 differ in shape; torch would broadcast them to %4 and compute the wrong loss</source>
        <translation>%1：预测 %2 与目标 %3 的形状不同；torch 会把它们广播为 %4 并算出错误的损失</translation>
    </message>
    <message>
        <source>%1: the prediction %2 and the target %3 differ in shape</source>
        <translation>%1：预测 %2 与目标 %3 的形状不同</translation>
    </message>
    <message>
        <source>%1: in_channels must be divisible by groups</source>
        <translation>%1：in_channels 必须能被 groups 整除</translation>
    </message>
    <message>
        <source>%1: out_channels must be divisible by groups</source>
        <translation>%1：out_channels 必须能被 groups 整除</translation>
    </message>
    <message>
        <source>%1: padding=&apos;same&apos; is not supported for strided convolutions</source>
        <translation>%1：步长大于 1 的卷积不支持 padding=&apos;same&apos;</translation>
    </message>
    <message>
        <source>%1: the padded input (%2) is smaller than the kernel (%3) — reduce kernel_size or add padding</source>
        <translation>%1：填充后的输入（%2）小于卷积核（%3）— 请减小 kernel_size 或增加填充</translation>
    </message>
    <message>
        <source>%1: return_indices=true gives two outputs; the graph takes one</source>
        <translation>%1：return_indices=true 会给出两个输出；图只接受一个</translation>
    </message>
    <message>
        <source>%1: padding %2 is more than half the kernel size %3</source>
        <translation>%1：填充 %2 超过了核大小 %3 的一半</translation>
    </message>
    <message>
        <source>%1: the input %2 is too small for the kernel %3 — reduce kernel_size or remove a pooling layer before it</source>
        <translation>%1：输入 %2 对卷积核 %3 来说太小 — 请减小 kernel_size 或去掉它前面的一个池化层</translation>
    </message>
    <message>
        <source>LayerNorm normalizes the last dims %1, gets %2</source>
        <translation>LayerNorm 归一化最后的维度 %1，实际得到 %2</translation>
    </message>
    <message>
        <source>Flatten: start_dim comes after end_dim</source>
        <translation>Flatten：start_dim 位于 end_dim 之后</translation>
    </message>
    <message>
        <source>%1 reads %2 as (sequence, batch, features) because batch_first is false, so the batch %3 would be taken for time — set batch_first to true</source>
        <translation>%1 把 %2 读作（序列，批次，特征），因为 batch_first 为 false，于是批次 %3 会被当作时间 — 请把 batch_first 设为 true</translation>
    </message>
    <message>
        <source>MultiheadAttention: embed_dim must be divisible by num_heads</source>
        <translation>MultiheadAttention：embed_dim 必须能被 num_heads 整除</translation>
    </message>
    <message>
        <source>TransformerEncoderLayer: d_model must be divisible by nhead</source>
        <translation>TransformerEncoderLayer：d_model 必须能被 nhead 整除</translation>
    </message>
    <message>
        <source>%1 has no shape rule in the model graph yet; it cannot be used in a graph</source>
        <translation>%1 在模型图中还没有形状规则；不能在图中使用</translation>
    </message>
    <message>
        <source>a sequence of at least 2 dims [N, L, …]</source>
        <translation>至少 2 维的序列 [N, L, …]</translation>
    </message>
    <message>
        <source>a batched tensor [N, …]</source>
        <translation>带批次的张量 [N, …]</translation>
    </message>
    <message>
        <source>a batch-first sequence [N, L, d_model]</source>
        <translation>批次在前的序列 [N, L, d_model]</translation>
    </message>
    <message>
        <source>class scores [N, C] (or [N, C, d1, …])</source>
        <translation>类别得分 [N, C]（或 [N, C, d1, …]）</translation>
    </message>
    <message>
        <source>a sequence [N, L, embed_dim] (batch_first) or [L, N, embed_dim]</source>
        <translation>序列 [N, L, embed_dim]（batch_first）或 [L, N, embed_dim]</translation>
    </message>
    <message>
        <source>a sequence [N, L, d_model] (batch_first) or [L, N, d_model]</source>
        <translation>序列 [N, L, d_model]（batch_first）或 [L, N, d_model]</translation>
    </message>
    <message>
        <source>a sequence [N, L, input_size] (batch_first) or [L, N, input_size]</source>
        <translation>序列 [N, L, input_size]（batch_first）或 [L, N, input_size]</translation>
    </message>
    <message>
        <source>%1: cannot build the model:</source>
        <translation>%1：无法构建模型：</translation>
    </message>
    <message>
        <source>%1 (%2), input %3, parameter &apos;%4&apos;: %5</source>
        <translation>%1（%2），输入 %3，参数 &apos;%4&apos;：%5</translation>
    </message>
    <message>
        <source>%1 (%2), input %3: %4</source>
        <translation>%1（%2），输入 %3：%4</translation>
    </message>
    <message>
        <source>%1 (%2), parameter &apos;%3&apos;: %4</source>
        <translation>%1（%2），参数 &apos;%3&apos;：%4</translation>
    </message>
    <message>
        <source>%1 (%2): warning: %3</source>
        <translation>%1（%2）：警告：%3</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1（%2）：%3</translation>
    </message>
    <message>
        <source>model: %1</source>
        <translation>模型：%1</translation>
    </message>
    <message>
        <source>the model has no loss node, so it cannot be trained; add a loss and a Target</source>
        <translation>模型没有损失节点，因此无法训练；请添加一个损失和一个 Target</translation>
    </message>
    <message>
        <source>%1: the model has no loss node, so it cannot be trained; add a loss and a Target</source>
        <translation>%1：模型没有损失节点，因此无法训练；请添加一个损失和一个 Target</translation>
    </message>
    <message>
        <source>%1: training.%2: %3</source>
        <translation>%1：训练设置 training.%2：%3</translation>
    </message>
    <message>
        <source>must be an integer, found %1</source>
        <translation>必须是整数，实际为 %1</translation>
    </message>
    <message>
        <source>must be at least %1, found %2</source>
        <translation>至少为 %1，实际为 %2</translation>
    </message>
    <message>
        <source>must be at most %1, found %2</source>
        <translation>至多为 %1，实际为 %2</translation>
    </message>
    <message>
        <source>must be a number, found %1</source>
        <translation>必须是数字，实际为 %1</translation>
    </message>
    <message>
        <source>must be true or false, found %1</source>
        <translation>必须是 true 或 false，实际为 %1</translation>
    </message>
    <message>
        <source>must be a non-empty string, found %1</source>
        <translation>必须是非空字符串，实际为 %1</translation>
    </message>
    <message>
        <source>must be an object, found %1</source>
        <translation>必须是对象，实际为 %1</translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation>必须是对象</translation>
    </message>
    <message>
        <source>unknown field (expected one of %1)</source>
        <translation>未知字段（应为以下之一：%1）</translation>
    </message>
    <message>
        <source>missing (the class name, e.g. &quot;Adam&quot;)</source>
        <translation>缺失（类名，例如 &quot;Adam&quot;）</translation>
    </message>
    <message>
        <source>Tessera has no layer for the ONNX operator %1 (docs/onnx.md lists what it imports)</source>
        <translation>Tessera 没有对应 ONNX 算子 %1 的层（docs/onnx.md 列出了可导入的内容）</translation>
    </message>
    <message>
        <source>the operator domain &apos;%1&apos; is not ai.onnx; Tessera imports only ONNX&apos;s standard operators</source>
        <translation>算子域 &apos;%1&apos; 不是 ai.onnx；Tessera 只导入 ONNX 的标准算子</translation>
    </message>
    <message>
        <source>unsupported ONNX operators: %1 (docs/onnx.md lists what Tessera imports)</source>
        <translation>不支持的 ONNX 算子：%1（docs/onnx.md 列出了 Tessera 可导入的内容）</translation>
    </message>
    <message>
        <source>%1 expects %2, gets %3</source>
        <translation>%1 需要 %2，实际得到 %3</translation>
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
    <message>
        <source>&lt;p&gt;Backward starts here, at the root &lt;b&gt;%1&lt;/b&gt;: the gradient it receives is d %1 / d %1.&lt;/p&gt;</source>
        <translation>&lt;p&gt;反向传播从这里开始，即根 &lt;b&gt;%1&lt;/b&gt;：它收到的梯度是 d %1 / d %1。&lt;/p&gt;</translation>
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
    <message>
        <source>Fill in missing feature values (column mean, or most frequent category)</source>
        <translation>填补缺失的特征值（列均值，或最常见的类别）</translation>
    </message>
    <message>
        <source>Skip malformed rows (with the wrong number of fields)</source>
        <translation>跳过格式错误的行（字段数不对）</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>lines %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>%1 (tick “%2” to fill it in)</source>
        <translation>%1（勾选“%2”即可填补）</translation>
    </message>
    <message>
        <source>%1; set the column&apos;s type to “categories” to treat it as categories</source>
        <translation>%1；把该列的类型设为“类别”即可按类别处理</translation>
    </message>
    <message>
        <source>%1 (tick “%2” to leave such rows out)</source>
        <translation>%1（勾选“%2”即可略去这些行）</translation>
    </message>
    <message>
        <source>%1 — the row: %2</source>
        <translation>%1 — 该行：%2</translation>
    </message>
    <message>
        <source>Skipped 1 malformed row (%1)</source>
        <translation>已跳过 1 个格式错误的行（%1）</translation>
    </message>
    <message>
        <source>Skipped %1 malformed rows (%2)</source>
        <translation>已跳过 %1 个格式错误的行（%2）</translation>
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
    <name>tessera::widgets::GraphView</name>
    <message>
        <source>%1 of %2 nodes in view — Fit all (%3)</source>
        <translation>视图中显示 %1/%2 个节点 — 全部显示 (%3)</translation>
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
    <message>
        <source>train loss</source>
        <translation>训练损失</translation>
    </message>
    <message>
        <source>val loss</source>
        <translation>验证损失</translation>
    </message>
    <message>
        <source>train accuracy</source>
        <translation>训练准确率</translation>
    </message>
    <message>
        <source>val accuracy</source>
        <translation>验证准确率</translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>Wall time (s)</source>
        <translation>实际耗时（秒）</translation>
    </message>
    <message>
        <source>against wall time</source>
        <translation>按实际耗时</translation>
    </message>
    <message>
        <source>%1 (raw)</source>
        <translation>%1（原始）</translation>
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
        <translation>%1划分 · 第 %2 轮后 · %3 个样本 · 准确率 %4</translation>
    </message>
    <message>
        <source>%1 split · after epoch %2 · %3 samples · R² %4</source>
        <translation>%1划分 · 第 %2 轮后 · %3 个样本 · R² %4</translation>
    </message>
    <message>
        <source>predicted class →</source>
        <translation>预测类别 →</translation>
    </message>
    <message>
        <source>false positive rate</source>
        <translation>假正率</translation>
    </message>
    <message>
        <source>true positive rate (recall)</source>
        <translation>真正率（召回率）</translation>
    </message>
    <message>
        <source>recall</source>
        <translation>召回率</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>精确率</translation>
    </message>
    <message>
        <source>ROC curve · AUC %1</source>
        <translation>ROC 曲线 · AUC %1</translation>
    </message>
    <message>
        <source>Precision–recall curve · AP %1</source>
        <translation>精确率–召回率曲线 · AP %1</translation>
    </message>
    <message>
        <source>actual class</source>
        <translation>实际类别</translation>
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
    <name>tessera::widgets::OnnxNodesModel</name>
    <message>
        <source>Not imported: %1</source>
        <translation>不会导入：%1</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>not supported</source>
        <translation>不支持</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Importable</source>
        <translation>可导入</translation>
    </message>
    <message>
        <source>opset %1</source>
        <translation>opset %1</translation>
    </message>
    <message>
        <source>IR %1</source>
        <translation>IR %1</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n weight(s) (%1 values)</source>
        <translation>
            <numerusform>%n 个权重（%1 个值）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not supported for training</source>
        <translation>
            <numerusform>%n 个不支持训练</numerusform>
        </translation>
    </message>
    <message>
        <source>every node importable</source>
        <translation>每个节点都可导入</translation>
    </message>
    <message>
        <source>inputs: %1 → outputs: %2</source>
        <translation>输入：%1 → 输出：%2</translation>
    </message>
    <message>
        <source>(optional input left out)</source>
        <translation>（省略的可选输入）</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>来自 %1</translation>
    </message>
    <message>
        <source>the model&apos;s input</source>
        <translation>模型的输入</translation>
    </message>
    <message>
        <source>not computed in this graph</source>
        <translation>不在此图中计算</translation>
    </message>
    <message>
        <source>Not supported for training:</source>
        <translation>不支持训练：</translation>
    </message>
    <message>
        <source>shape not recorded</source>
        <translation>形状未记录</translation>
    </message>
    <message>
        <source>Attributes</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>values not read: %1</source>
        <translation>未读取数值：%1</translation>
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
    <name>tessera::widgets::ProblemsView</name>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1, input %2</source>
        <translation>%1，输入 %2</translation>
    </message>
    <message>
        <source>%1, parameter &apos;%2&apos;</source>
        <translation>%1，参数 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>%1: warning: %2</source>
        <translation>%1：警告：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
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
    <name>tessera::widgets::RunsTable</name>
    <message>
        <source>No runs yet: each run of this project appears here with its settings and final metrics.</source>
        <translation>还没有运行：本项目的每次运行都会连同其设置和最终指标显示在这里。</translation>
    </message>
</context>
<context>
    <name>tessera::widgets::RunsTableModel</name>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>weight decay</source>
        <translation>权重衰减</translation>
    </message>
    <message>
        <source>momentum</source>
        <translation>动量</translation>
    </message>
    <message>
        <source>LR schedule</source>
        <translation>学习率调度</translation>
    </message>
    <message>
        <source>epochs (set)</source>
        <translation>轮数（设定）</translation>
    </message>
    <message>
        <source>batch size</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>shuffle</source>
        <translation>打乱</translation>
    </message>
    <message>
        <source>drop last batch</source>
        <translation>丢弃最后一个批次</translation>
    </message>
    <message>
        <source>gradient clipping</source>
        <translation>梯度裁剪</translation>
    </message>
    <message>
        <source>threads</source>
        <translation>线程数</translation>
    </message>
    <message>
        <source>initial weights</source>
        <translation>初始权重</translation>
    </message>
    <message>
        <source>early-stopping patience</source>
        <translation>提前停止的耐心轮数</translation>
    </message>
    <message>
        <source>early-stopping metric</source>
        <translation>提前停止的指标</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Epochs run</source>
        <translation>已运行轮数</translation>
    </message>
    <message>
        <source>Final train loss</source>
        <translation>最终训练损失</translation>
    </message>
    <message>
        <source>Final val loss</source>
        <translation>最终验证损失</translation>
    </message>
    <message>
        <source>Final train accuracy</source>
        <translation>最终训练准确率</translation>
    </message>
    <message>
        <source>Final val accuracy</source>
        <translation>最终验证准确率</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>用时（秒）</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
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
    <message>
        <source>Input: row %1 of the test split</source>
        <translation>输入：测试划分的第 %1 行</translation>
    </message>
    <message numerus="yes">
        <source>Input: all %n feature(s) zero — pick a test row below</source>
        <translation>
            <numerusform>输入：%n 个特征全为零 — 请在下方选择一个测试行</numerusform>
        </translation>
    </message>
    <message>
        <source>Input: a blank image — draw a digit, or pick a test row below</source>
        <translation>输入：空白图像 — 请画一个数字，或在下方选择一个测试行</translation>
    </message>
    <message>
        <source>Input: the digit drawn on the pad</source>
        <translation>输入：画板上画的数字</translation>
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
