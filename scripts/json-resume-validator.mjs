#!/usr/bin/env node
// npm run json-resume:validator — writes the JSON Resume schema's validator as code, ahead of time.
//
// ajv compiles a schema into a function with `new Function`, which the app's content security policy (no
// 'unsafe-eval') forbids in the browser: the import dialog answered 'This is not JSON' for every file.
// Ajv's standalone mode writes the same validator as a module instead (still the published schema and
// ajv, never hand-written checks). tests/cv-data/json-resume-validator.test.ts fails when the committed
// module differs from what this writes.
import Ajv, { _ } from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const VALIDATOR_PATH = join(root, 'src/cv-data/json-resume-validator.generated.js');
const FORMATS_MODULE = 'ajv-formats/dist/formats.js';

/** The validator module's source for the installed @jsonresume/schema. */
export function validatorSource() {
  const require = createRequire(import.meta.url);
  const schema = JSON.parse(readFileSync(require.resolve('@jsonresume/schema/schema.json'), 'utf8'));
  const ajv = new Ajv({
    allErrors: false,
    strict: false,
    code: { source: true, esm: true, lines: true, formats: _`require(${FORMATS_MODULE}).fullFormats` },
  });
  addFormats(ajv, ['email', 'uri']);
  const code = standaloneCode(ajv, ajv.compile(schema));
  // The formats the schema names come from ajv-formats, imported as a module rather than required.
  const body = code.replaceAll(`require("${FORMATS_MODULE}").fullFormats`, 'fullFormats');
  if (body.includes('require(')) throw new Error('the standalone validator still requires a module');
  return (
    '/* eslint-disable */\n// @ts-nocheck\n' +
    '// Written by `npm run json-resume:validator` from @jsonresume/schema with ajv (standalone); do not edit.\n' +
    `import { fullFormats } from '${FORMATS_MODULE}';\n` +
    body.replace(/^"use strict";/, '') +
    '\n'
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(VALIDATOR_PATH, validatorSource());
  console.log(`wrote ${VALIDATOR_PATH.slice(root.length + 1)}`);
}
