// Runs an ONNX model in onnxruntime-node on a float32 .npy input and writes the first output as .npy.
// Usage: node ort_run.js MODULE_DIR MODEL.onnx INPUT.npy OUTPUT.npy
'use strict';
const fs = require('fs');
const path = require('path');
const ort = require(path.join(process.argv[2], 'node_modules', 'onnxruntime-node'));

function readNpy(file) {
  const buf = fs.readFileSync(file);
  const headerLen = buf.readUInt16LE(8);
  const header = buf.toString('latin1', 10, 10 + headerLen);
  if (!header.includes("'descr': '<f4'") || header.includes("'fortran_order': True")) throw new Error(file + ': not C-order float32');
  const shape = header.match(/'shape': \(([^)]*)\)/)[1].split(',').filter((s) => s.trim()).map(Number);
  const start = 10 + headerLen;
  const data = new Float32Array(buf.buffer.slice(buf.byteOffset + start, buf.byteOffset + buf.length));
  return { shape, data };
}

function writeNpy(file, dims, data) {
  let header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + dims.join(', ') + (dims.length === 1 ? ',' : '') + '), }';
  while ((10 + header.length + 1) % 64 !== 0) header += ' ';
  header += '\n';
  const pre = Buffer.alloc(10);
  pre.write('\x93NUMPY', 0, 'latin1');
  pre[6] = 1; pre[7] = 0;
  pre.writeUInt16LE(header.length, 8);
  fs.writeFileSync(file, Buffer.concat([pre, Buffer.from(header, 'latin1'), Buffer.from(data.buffer, data.byteOffset, data.byteLength)]));
}

(async () => {
  const [, , , model, input, output] = process.argv;
  const session = await ort.InferenceSession.create(model);
  const x = readNpy(input);
  const result = await session.run({ [session.inputNames[0]]: new ort.Tensor('float32', x.data, x.shape) });
  const y = result[session.outputNames[0]];
  writeNpy(output, y.dims, y.data);
})().catch((e) => { console.error(String(e)); process.exit(1); });
