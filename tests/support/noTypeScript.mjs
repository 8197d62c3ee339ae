// Preloaded (--import) into a compiled script's process in the tests: loading tsx, or any
// TypeScript file, fails there and in its worker threads, as it would in the image, which
// holds neither. Plain node would otherwise find both in this checkout.
import { register } from 'node:module';

const hooks = `
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (/\\/node_modules\\/tsx\\/|\\.[cm]?tsx?$/.test(resolved.url)) {
    throw new Error('compiled Rith loaded ' + resolved.url);
  }
  return resolved;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
