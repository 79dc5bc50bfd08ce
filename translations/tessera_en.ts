<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>QObject</name>
    <message>
        <source>%1 params · %2 MACs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1% of step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(values not recorded)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::app::DesignerPage</name>
    <message>
        <source>Designer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom In</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom Out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Snap to Grid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Let go of %1 over the canvas to add it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::app::InspectViews</name>
    <message>
        <source>Weights of %1 at step %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::app::LessonsDialog</name>
    <message>
        <source>Autograd Lessons — Tessera</source>
        <translation type="unfinished"></translation>
    </message>
</context>
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
    <message>
        <source>Designer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recover Unsaved Work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New from &amp;Template</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Autograd &amp;Graph of a Training Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Autograd &amp;Playground</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Autograd &amp;Lessons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an untitled project &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tessera did not close properly. Unsaved changes to %1 were autosaved. Recover them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recovered autosaved changes to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show Autograd &amp;Graph of the Next Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1 of the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run ended before another step was recorded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator &amp;Timings on Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::app::OnnxActions</name>
    <message>
        <source>E&amp;xport ONNX…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>O&amp;pen ONNX…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export ONNX: &quot;%1&quot; has no trained weights yet; train it first (Run → Run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export ONNX failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported ONNX model %1 (IR %2, opset %3) with the weights of %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open ONNX failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export ONNX</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ONNX models (*.onnx);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open ONNX</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Imported Project As</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tessera projects (*.tessera);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, selected in the run list, has no trained weights to export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xport ONNX (%1)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the model with the weights of %1, the run selected in the run list, as an ONNX file (opset %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the model with the weights of %1, the latest run (select another in the run list), as an ONNX file (opset %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the model with its imported weights (%1) as an ONNX file (opset %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trained weights to export yet: train the project first (Run → Run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export ONNX: the selected run %1 has no trained weights (%2 is missing); select a finished run, or none for the latest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>View an ONNX model, or import it as a new project and open it in the designer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open %1 to view it (read-only: every node, attribute and weight) or import it as a new project?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import as Project…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported %1 as %2: %3 nodes, weights in %4; trained as %5</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::app::OnnxView</name>
    <message>
        <source>&amp;Import as Project…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — ONNX model (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tessera can import every node of this model. Nothing is imported until you ask.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tessera cannot import this model: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::app::PlaygroundDialog</name>
    <message>
        <source>Autograd Playground — Tessera</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::app::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Autosave every:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes take effect the next time Tessera starts.</source>
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
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the next run from weights drawn from the seed instead (undoable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Initial weights:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::app::RunSettings</name>
    <message>
        <source>Clear Initial Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run cannot start from the project&apos;s initial weights: press Clear beside “Initial weights” in the run settings (Training page) or on the Project tab to start from weights drawn from the seed. %1</source>
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
    <name>tessera::app::TrainingPage</name>
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
    <message>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change Run Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change Split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose Data Set %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv *.tsv *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import CSV %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change Loss to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Detect NaN/Inf</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check every op&apos;s output and every gradient for NaN/Inf and stop at the first (slower steps)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change Data Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No data set: choose one in Training → Data, or import a CSV file (Data → Import CSV…)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::app::TrainingStepDialog</name>
    <message>
        <source>%1: Autograd Graph of a Training Step — Tessera</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Building the model and data of %1 and recording one training step…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers are collapsed: double-click one to open it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click a layer&apos;s box to collapse it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the next training step of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the first training step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2, loss %3 — %4 autograd Nodes in %5 layers. %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::app::TrainingTaskDialog</name>
    <message>
        <source>%1 classes: %2 on %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>regression of %1: %2 on %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no loss (predict only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (kept in the file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train the Imported Model As</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s output shape is unknown. Train it as:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s output is %1. Train it as:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The import adds a Target and this loss; change either later in the designer.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::core</name>
    <message>
        <source>&apos;tanh&apos; uses the tanh approximation of Φ.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1-D convolution over [N, C, L] (or unbatched [C, L]) inputs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2-D convolution over [N, C, H, W] (or unbatched [C, H, W]) inputs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A table of learned vectors looked up by integer index.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A transformer encoder block: self-attention then a feed-forward network, each with a residual connection and layer normalisation (after the sum, or before each block with norm_first).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation of the feed-forward hidden layer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a layer that reads the sequence backwards; outputs concatenate both directions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added to the variance for numerical stability.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added to the variance in both layer norms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adds fixed sine/cosine position signals to a batch-first sequence [N, L, d_model] (the PyTorch tutorial&apos;s PositionalEncoding, without dropout), so that attention can tell the steps apart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adds its inputs element-wise (with broadcasting): residual connections.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Append a learnt bias to the key and value sequences.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Append a zero key and value after the projections.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applies an affine map y = x·Wᵀ + b to the last dimension.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Average over sliding 2-D windows of [N, C, H, W] inputs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Average pooling to a fixed output size, whatever the input size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Binary cross-entropy of logits (sigmoid included) against 0/1 targets of the same shape.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Binary cross-entropy of probabilities (after Sigmoid) against 0/1 targets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Convolution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count the zero padding in the divisor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cross-entropy of class scores (logits) against class indices or class probabilities.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dim to normalise; null means torch&apos;s legacy choice (0 for 0/1/3-dim inputs, else 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Divide by this instead of the window size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dropout probability (attention weights, feed-forward hidden layer, both residual branches).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dropout probability on the attention weights, in training.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dropout probability on the outputs of every layer but the last, in training.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exponential linear unit: x for x &gt; 0, alpha·(eˣ − 1) otherwise.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First dim to flatten.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flattens the dims start_dim … end_dim into one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gated recurrent unit over a sequence (gates r, z, n); returns the output sequence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gaussian error linear unit: x·Φ(x), Φ the standard normal CDF.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gives every sample a new shape with the same number of values ([N, …] → [N, *shape]); one entry may be -1 and is then inferred.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the padding is filled: zeros, the mirror image without the edge (reflect), copies of the edge (replicate) or the other end&apos;s values (circular).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Huber loss: quadratic below delta, linear above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hyperbolic tangent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>If &gt; 0, h is projected to this size (weight_hr); must be below hidden_size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Implicit zero padding on both sides (at most half the kernel size).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Implicit −∞ padding on both sides (at most half the kernel size).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index whose vector starts at zero and is not trained (negative counts from the end).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input and output are [batch, seq, feature] instead of [seq, batch, feature].</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input and output are [batch, time, features] instead of [time, batch, features].</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input/Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inputs and output are [batch, seq, feature] instead of [seq, batch, feature].</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Joins its inputs along one dimension (torch.cat). Every other dimension must match.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep running mean and variance for evaluation; otherwise batch statistics are always used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keeps the last step of a sequence and drops that dimension: x[:, -1] for dim 1. Turns an LSTM&apos;s or a Transformer&apos;s [N, L, H] output into [N, H].</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L1 loss that is quadratic below beta: robust to outliers, smooth near 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last dim to flatten (negative counts from the end).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leaky rectified linear unit: x for x ≥ 0, negative_slope·x otherwise.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learn a per-channel weight (init 1) and bias (init 0).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learn a per-element weight (init 1) and bias (init 0).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learn an additive bias.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learn biases of the input and output projections.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learn the biases b_ih and b_hh.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Linear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log of softmax along a dim, computed stably: xᵢ − log Σⱼ exp(xⱼ).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logistic sigmoid: 1 / (1 + e^(−x)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Long short-term memory over a sequence (gates i, f, g, o); returns the output sequence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looked-up vectors with a larger norm are rescaled to this norm (the table changes in place).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Maximum over sliding 2-D windows of [N, C, H, W] inputs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean absolute error between prediction and target.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean squared error between prediction and target.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multi-head scaled dot-product attention; as a graph node it attends over its input (query = key = value).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multiplies its inputs element-wise (with broadcasting): gates.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Negative log-likelihood of log-probabilities (after LogSoftmax) against class indices.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Normalises each channel of [N, C, H, W] inputs over the batch, with a learned scale and shift.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Normalises each channel of [N, C] or [N, C, L] inputs over the batch, with a learned scale and shift.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Normalises the trailing dims of each sample to mean 0, variance 1, with a learned scale and shift.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Normalization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of attention heads; must divide d_model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of blocked connections from input to output channels; divides both channel counts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of channels C.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of features of each input step (the last dimension).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of features of each position (the input&apos;s last dimension).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of features of the hidden state.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of features of the key (null: embed_dim).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of features of the value (null: embed_dim).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of input channels.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of output channels (filters).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of parallel heads; must divide embed_dim.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of stacked recurrent layers; each layer reads the outputs of the one before.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of vectors (indices run from 0 to num_embeddings − 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output height and width (one value for both); null keeps that input size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pooling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pre-norm: normalise each block&apos;s input instead of the residual sum.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probability of an element being zeroed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Randomly zeroes elements with probability p during training (scaling the rest by 1/(1−p)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rectified linear unit: max(0, x).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recurrent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regularization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rescales a dim to probabilities: exp(xᵢ) / Σⱼ exp(xⱼ).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reshape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round the output size up instead of down.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sigmoid linear unit (swish): x·σ(x).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size of each input sample (the last dimension).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size of each output sample.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size of each vector.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size of the convolving kernel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size of the window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sizes of the trailing dims to normalise over (one size or a list).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slope for negative inputs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spacing between kernel elements.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spacing between window elements.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standardises every feature with the mean and standard deviation of the training split (fitted before training, saved with the weights as buffers &apos;mean&apos; and &apos;std&apos;), like scikit-learn&apos;s StandardScaler.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step of the kernel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step of the window; null means kernel_size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The data set&apos;s features. Each row of F numbers becomes one sample of the given shape ([N, F] → [N, *shape]); the product of the shape must equal F.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The data set&apos;s targets: class indices (set classes) or regression values of the given shape (set shape). Feeds the target input of a loss.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s prediction: what predict writes and what the ONNX export returns.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The p of the p-norm compared with max_norm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total size of the model (the query&apos;s last dimension); split across the heads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value the output approaches for very negative inputs (as −alpha).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight of the new batch in the running statistics; null for a cumulative average.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width of the feed-forward network&apos;s hidden layer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zeros added to both sides of each spatial dim; &apos;same&apos; keeps the size (stride 1 only), &apos;valid&apos; adds none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>classification</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>early-stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>feature size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>how the per-sample losses become one number: their mean or their sum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>longest sequence the table covers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mixes this much of the uniform distribution into the targets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>non-finite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>number of classes: targets are int64 class indices [N]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>regression</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shape of one regression target: targets are float32 [N, *shape]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shape of one sample, e.g. [4] for 4 features, [1, 8, 8] for an 8×8 image, [32, 1] for a sequence of 32 steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>targets equal to this class contribute nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the dimension to join along; 1 is the first after the batch (torch.cat&apos;s own default 0 would join batches)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the new shape of one sample, without the batch dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the time dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>train</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>val</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weight of the positive examples (one number for every output; null = 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>where the loss turns linear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a node has an empty id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node id &apos;%1&apos; may not contain &apos;.&apos;: it names the node&apos;s weights (&apos;%2.weight&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>two nodes have the id &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown node type &apos;%1&apos; (did you mean %2?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown node type &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an edge connects to the unknown node &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no output port; the edge to &apos;%2&apos; leaves from port %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has 1 output port; the edge to &apos;%2&apos; leaves from port %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has %2 output ports; the edge to &apos;%3&apos; leaves from port %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no input port; the edge from &apos;%2&apos; arrives at port %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has 1 input port; the edge from &apos;%2&apos; arrives at port %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has %2 input ports; the edge from &apos;%3&apos; arrives at port %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input %1 is fed by both &apos;%2&apos; and &apos;%3&apos;; an input takes one edge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is on a cycle (%1); a model graph may not loop back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model has more than one Input node (&apos;%1&apos; and &apos;%2&apos;); it takes exactly one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model has more than one Output node (&apos;%1&apos; and &apos;%2&apos;); it takes exactly one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model has more than one loss node (&apos;%1&apos; and &apos;%2&apos;); it takes exactly one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model has more than one Target node (&apos;%1&apos; and &apos;%2&apos;); it takes exactly one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model has no Input node; add one for the data set&apos;s features</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model has no Output node; connect the prediction to an Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model has no loss, so it can predict but not train; connect the prediction and a Target to a loss such as CrossEntropyLoss or MSELoss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model has a loss but no Target node; add a Target and connect it to the loss&apos;s target input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input %1 (%2) is not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input %1 is not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s shape rule gave %2 outputs for %3 ports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the Input shape %1 holds %2 features per sample but the data set&apos;s rows have %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the data set has class labels (%1 classes); give the Target classes %2 instead of a shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the Target has %1 classes but the data set has %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the data set&apos;s targets are regression values (%1 per sample); give the Target a shape instead of classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the Target shape %1 holds %2 values per sample but the data set&apos;s targets have %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>leads to neither the Output nor the loss, so it is never computed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Linear expects %1 input features, gets %2 — add Flatten</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Linear expects %1 input features, gets %2 — set in_features to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 expects %2 %3 (dim %4), gets %5 — set %6 to %7 or change the layer before it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no parameter &apos;%2&apos; (did you mean %3?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no parameter &apos;%2&apos;; it takes none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no parameter &apos;%2&apos;; its parameters are %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data: missing &quot;dataset&quot; (a built-in or generated set) or &quot;csv&quot; (a file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 %3 is out of range for a %4-d input %5 (allowed %6 … %7)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 expects %2, gets %3 — add Flatten before it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs floating-point values, gets %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs a known sample shape, gets %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs known spatial sizes, gets %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target: set either classes (classification) or shape (regression), not both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target: set classes (for class labels) or shape (for regression values)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: input %2 has shape %3 but input 0 has %4; they cannot be broadcast together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concat: dim 0 is the batch dimension N; join along 1 or later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concat: input %1 has shape %2, input 0 has %3; all dimensions but dim %4 must match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SelectLast: dim 0 is the batch dimension N; pick the time dimension (1 for [N, L, H])</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SelectLast: the sequence is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reshape: only one entry of shape may be -1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reshape: a sample of %1 has %2 values; shape %3 cannot hold them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PositionalEncoding expects d_model = %1 features (the last dim), gets %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PositionalEncoding: sequences of %1 steps are longer than max_len %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: class-index targets for scores %2 must have shape %3, gets %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the prediction %2 scores %3 classes but the Target has %4 — make the last layer output %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NLLLoss needs int64 class-index targets, gets %1 — give the Target classes instead of a shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: class-probability targets must have the prediction&apos;s shape %2, gets %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs float targets of the prediction&apos;s shape %2, but the Target gives class indices — give the Target a shape instead of classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the prediction %2 and the target %3 differ in shape; torch would broadcast them to %4 and compute the wrong loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the prediction %2 and the target %3 differ in shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: in_channels must be divisible by groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: out_channels must be divisible by groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: padding=&apos;same&apos; is not supported for strided convolutions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the padded input (%2) is smaller than the kernel (%3) — reduce kernel_size or add padding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: return_indices=true gives two outputs; the graph takes one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: padding %2 is more than half the kernel size %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the input %2 is too small for the kernel %3 — reduce kernel_size or remove a pooling layer before it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LayerNorm normalizes the last dims %1, gets %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flatten: start_dim comes after end_dim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 reads %2 as (sequence, batch, features) because batch_first is false, so the batch %3 would be taken for time — set batch_first to true</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MultiheadAttention: embed_dim must be divisible by num_heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TransformerEncoderLayer: d_model must be divisible by nhead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no shape rule in the model graph yet; it cannot be used in a graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a sequence of at least 2 dims [N, L, …]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a batched tensor [N, …]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a batch-first sequence [N, L, d_model]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class scores [N, C] (or [N, C, d1, …])</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a sequence [N, L, embed_dim] (batch_first) or [L, N, embed_dim]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a sequence [N, L, d_model] (batch_first) or [L, N, d_model]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a sequence [N, L, input_size] (batch_first) or [L, N, input_size]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot build the model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2), input %3, parameter &apos;%4&apos;: %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2), input %3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2), parameter &apos;%3&apos;: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2): warning: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model has no loss node, so it cannot be trained; add a loss and a Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the model has no loss node, so it cannot be trained; add a loss and a Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: training.%2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be an integer, found %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be at least %1, found %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be at most %1, found %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a number, found %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be true or false, found %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a non-empty string, found %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be an object, found %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown field (expected one of %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing (the class name, e.g. &quot;Adam&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tessera has no layer for the ONNX operator %1 (docs/onnx.md lists what it imports)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the operator domain &apos;%1&apos; is not ai.onnx; Tessera imports only ONNX&apos;s standard operators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unsupported ONNX operators: %1 (docs/onnx.md lists what Tessera imports)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 expects %2, gets %3</source>
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
    <name>tessera::widgets::ComputationGraphModel</name>
    <message>
        <source>forward %1/%2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backward %1/%2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>output %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>saved for backward: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1 paths meet here&lt;/b&gt;: the engine sums their gradients before this node runs.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Accumulation&lt;/b&gt;: %1.grad already held a gradient; the new one is added to it (call zero_grad() / .grad.zero_() between steps to start from zero).&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1.grad before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1.grad after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> in layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;sequence number %1; backward order %2&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;shape %1, strides (%2), %3&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;storage: its own&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;storage: shared with %1&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Its output was not recorded (the graph was captured after the forward pass).&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from %1 (its grad_input[%2])</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>received %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grad_input[%1]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>returns grad_input[%1] → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;The op &lt;b&gt;%1&lt;/b&gt; runs and records &lt;b&gt;%2&lt;/b&gt; as the grad_fn of its output.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;grad_input[%1]: &lt;i&gt;skipped&lt;/i&gt; — this input does not require grad, so no gradient flows there.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Its gradients appear when backward reaches it.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>returned %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;gradient&lt;/b&gt;: not computed yet — it appears when backward reaches this tensor.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Backward starts here, at the root &lt;b&gt;%1&lt;/b&gt;: the gradient it receives is d %1 / d %1.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::ComputationGraphView</name>
    <message>
        <source>Find a node by name…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit the whole graph in the view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw each layer as one node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expand layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw every op of every layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the graph as SVG, PNG or DOT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to before the forward pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The next op of the forward pass, then of the backward pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run to end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the whole forward and backward pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>saved for backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grad %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1 — double-click to collapse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1 — double-click to expand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Click a node to see its tensors in full. &lt;b&gt;Step&lt;/b&gt; walks the forward pass in execution order, then the backward pass in the engine&apos;s order.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grad —</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n step(s): press Step</source>
        <translation>
            <numerusform>%n step: press Step</numerusform>
            <numerusform>%n steps: press Step</numerusform>
        </translation>
    </message>
    <message>
        <source>Export the graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG (*.svg);;PNG (*.png);;Graphviz DOT (*.dot)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Autograd graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw the tensors each op saved for its backward (orange)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n ops</source>
        <translation>
            <numerusform>%n op</numerusform>
            <numerusform>%n ops</numerusform>
        </translation>
    </message>
    <message>
        <source>op (its grad_fn Node)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>intermediate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>root (backward starts here)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>values:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt; 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&gt; 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the colours of the graph and of the tensors&apos; heat maps mean</source>
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
    <name>tessera::widgets::CsvImportDialog</name>
    <message>
        <source>Import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a problem to show its cell in the preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Columns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Column&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Role&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Type&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>feature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ignore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>categories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 distinct, %2 missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No problems: ready to import.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) to fix before importing:</source>
        <translation>
            <numerusform>%n problem to fix before importing:</numerusform>
            <numerusform>%n problems to fix before importing:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tessera::widgets::CsvImportModel</name>
    <message>
        <source>%1: cannot open: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No target column: set one column&apos;s role to target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1, column %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (target)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (ignored)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fill in missing feature values (column mean, or most frequent category)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip malformed rows (with the wrong number of fields)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lines %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (tick “%2” to fill it in)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; set the column&apos;s type to “categories” to treat it as categories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (tick “%2” to leave such rows out)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — the row: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped 1 malformed row (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped %1 malformed rows (%2)</source>
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
    <message>
        <source>Import CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The project&apos;s data set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a CSV file, preview it and give its columns their roles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::DataSettings</name>
    <message>
        <source>Samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Noise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Features</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inner radius factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Centers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster std</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feature scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data.%1 (default %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standardize features (training split&apos;s mean and std)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::DigitPad</name>
    <message>
        <source>Draw with the left mouse button, erase with the right one</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::GraphModel</name>
    <message>
        <source>unknown node type &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Delete %n Nodes</source>
        <translation>
            <numerusform>Delete %n Node</numerusform>
            <numerusform>Delete %n Nodes</numerusform>
        </translation>
    </message>
    <message>
        <source>both ends must be nodes of the graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a node cannot feed itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a node of an unknown type cannot be connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2) has no output %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2) has no input %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connecting %1 to %2 would make a cycle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disconnect %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Move %n Nodes</source>
        <translation>
            <numerusform>Move %n Node</numerusform>
            <numerusform>Move %n Nodes</numerusform>
        </translation>
    </message>
    <message>
        <source>Set %1.%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Paste %n Nodes</source>
        <translation>
            <numerusform>Paste %n Node</numerusform>
            <numerusform>Paste %n Nodes</numerusform>
        </translation>
    </message>
    <message>
        <source>input %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reconnect %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a node&apos;s name cannot be empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid name: use letters, digits and _, starting with a letter or _</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a node named &apos;%1&apos; already exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no node &apos;%1&apos; in the graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add %1 after %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::GraphScene</name>
    <message numerus="yes">
        <source>Delete %n Edges</source>
        <translation>
            <numerusform>Delete %n Edge</numerusform>
            <numerusform>Delete %n Edges</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n Nodes</source>
        <translation>
            <numerusform>Delete %n Node</numerusform>
            <numerusform>Delete %n Nodes</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot paste: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop the connection on a node&apos;s input port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no input port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not reconnected: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop the connection on the node that should feed %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::GraphView</name>
    <message>
        <source>%1 of %2 nodes in view — Fit all (%3)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::HeatLegend</name>
    <message>
        <source>Share of the profiled steps&apos; time spent in each layer, as painted on the designer&apos;s nodes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::LessonPlayer</name>
    <message>
        <source>← Previous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next →</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
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
    <message>
        <source>train loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>val loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>train accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>val accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wall time (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>against wall time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (raw)</source>
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
        <source>predicted class →</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>false positive rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>true positive rate (recall)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ROC curve · AUC %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision–recall curve · AP %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>actual class</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::NodePalette</name>
    <message>
        <source>Search layers…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::NumberBox</name>
    <message>
        <source>&quot;%1&quot; is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is below the smallest value allowed here, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is above the largest value allowed here, %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::OnnxNodesModel</name>
    <message>
        <source>Not imported: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Importable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opset %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IR %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n weight(s) (%1 values)</source>
        <translation>
            <numerusform>%n weight (%1 values)</numerusform>
            <numerusform>%n weights (%1 values)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not supported for training</source>
        <translation>
            <numerusform>%n not supported for training</numerusform>
            <numerusform>%n not supported for training</numerusform>
        </translation>
    </message>
    <message>
        <source>every node importable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inputs: %1 → outputs: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(optional input left out)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model&apos;s input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not computed in this graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not supported for training:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shape not recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attributes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>values not read: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::ParamEditor</name>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave %1 unset (None), as torch&apos;s default does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the last dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per dim</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>A different value for each of the %n dimensions</source>
        <translation>
            <numerusform>A different value for each of the %n dimension</numerusform>
            <numerusform>A different value for each of the %n dimensions</numerusform>
        </translation>
    </message>
    <message>
        <source>not set</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::PlaygroundWidget</name>
    <message>
        <source>b = a * 3
c = b.mean()</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grad</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the last scalar the script assigns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Random values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backward on:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Script (torch syntax: torch.*, F.*, tensor methods)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1, column %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::ProblemsView</name>
    <message>
        <source>model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, input %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, parameter &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: warning: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
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
    <message>
        <source>Heat on designer nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour each node of the designer by its layer&apos;s share of the step time</source>
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
    <name>tessera::widgets::PropertyEditor</name>
    <message>
        <source>&lt;i&gt;Select a node to edit its parameters.&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown node type.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The node&apos;s name: it names the node&apos;s weights (name.weight) and must be unique, made of letters, digits and _</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not renamed: %1</source>
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
    <message>
        <source>The type of the graph&apos;s loss node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the data set held out for validation after each epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the data set held out for the final test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no loss node in the graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Initial weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The weights file the model starts from (training.initialWeights)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start from weights drawn from the seed instead (undoable)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::RunsTable</name>
    <message>
        <source>No runs yet: each run of this project appears here with its settings and final metrics.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::RunsTableModel</name>
    <message>
        <source>optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weight decay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>momentum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LR schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>epochs (set)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shuffle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drop last batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradient clipping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>initial weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>early-stopping patience</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>early-stopping metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epochs run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final train loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final val loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final train accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final val accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::TensorHistoryModel</name>
    <message>
        <source>weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Std</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NaN/Inf</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::TensorInspector</name>
    <message>
        <source>Detect NaN/Inf</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How often the run&apos;s tensors are sampled (each sample costs about one forward pass on 64 rows)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check every op&apos;s output and every gradient for NaN/Inf (autograd anomaly mode) and stop at the op that made one; slower. The loss is always checked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No samples yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n sample(s), the last at step %1</source>
        <translation>
            <numerusform>%n sample, the last at step %1</numerusform>
            <numerusform>%n samples, the last at step %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tessera::widgets::TensorPanelBrowser</name>
    <message>
        <source>%1 elements; the first %2 in order:
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>values not recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 values · min %2 · max %3 · mean %4 · std %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide the numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the %1 numbers</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::TensorPlots</name>
    <message>
        <source>No samples yet: tensors are sampled while a run trains.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a tensor in the table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — histogram at step %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 NaN/Inf</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over time: steps %1–%2 (colour: share of values)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Values at step %1: %2 rows × %3 columns (blue &lt; 0 &lt; red)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::TryModelModel</name>
    <message>
        <source>The input has %1 values, the model takes %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>y = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>output %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input: row %1 of the test split</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Input: all %n feature(s) zero — pick a test row below</source>
        <translation>
            <numerusform>Input: the %n feature zero — pick a test row below</numerusform>
            <numerusform>Input: all %n features zero — pick a test row below</numerusform>
        </translation>
    </message>
    <message>
        <source>Input: a blank image — draw a digit, or pick a test row below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input: the digit drawn on the pad</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::widgets::TryModelView</name>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows of the test split: pick one to see what the model predicts for it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw a digit (left button draws, right erases):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prediction:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Actual: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train a run (or pause one) to try its model here.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
