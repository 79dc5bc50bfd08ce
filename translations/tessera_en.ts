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
    <name>tessera::app::TrainingController</name>
    <message>
        <source>Idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run is already in progress; stop it first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the run folder %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::app::TrainingDock</name>
    <message>
        <source>Training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train the project (or resume a paused run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Step One Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume Selected Run from Checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run yet: Run (F5) trains the open project.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This project&apos;s runs; tick one to overlay its curves, double-click to resume it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Curves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 · epoch %2/%3 · step %4/%5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · loss %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · ETA %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run on the curves as &quot;current&quot;</source>
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
    <name>tessera::widgets::ClassReportModel</name>
    <message>
        <source>precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>support</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::ConfusionMatrixModel</name>
    <message>
        <source>actual %1, predicted %2: %3 (%4 of the class)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>→ %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::DataPanel</name>
    <message>
        <source>samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 samples, %3 features, %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::LossPlot</name>
    <message>
        <source>Loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Smoothing (exponential moving average, as TensorBoard&apos;s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the curves as PNG, SVG or CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Smoothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Curves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg);;CSV table (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1</source>
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
    <name>tessera::widgets::MetricsView</name>
    <message>
        <source>No metrics yet: they appear after the first epoch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Normalise rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>actual</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>residual (actual − predicted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 split · after epoch %2 · %3 samples · accuracy %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 split · after epoch %2 · %3 samples · R² %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FPR (ROC) · recall (PR)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPR · precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ROC (AUC %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PR (AP %1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::ProfileTableModel</name>
    <message>
        <source>layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>total ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p50 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p95 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p99 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::ProfileView</name>
    <message>
        <source>No profile yet: Profile records the next steps of a run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group by layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record every op of the next steps of the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Trace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 steps, %2 ms of step time, %3 op calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Chrome Trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chrome trace JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation type="unfinished"></translation>
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
<context>
    <name>tessera::widgets::RunPanel</name>
    <message>
        <source>Momentum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shuffle every epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Early stopping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>constant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight decay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LR schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Monitor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Patience (epochs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clip grad norm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gamma</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T_max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimum LR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total iters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max LR</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
