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
    <name>tessera::app::TrainingDock</name>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
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
        <source>Settings</source>
        <translation>设置</translation>
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
</context>
</TS>
