// node:zlib, loaded at its first use: most runs decode nothing (no encoded answer, no archive to unpack).
import type * as Zlib from 'node:zlib';

export function zlib(): typeof Zlib {
  return process.getBuiltinModule('node:zlib');
}
