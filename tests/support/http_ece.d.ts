// The part of http_ece's API the push endpoint uses (the package ships no types).
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's (the browser's) ECDH key pair; the sender's key is in the body's header. */
    privateKey: ECDH;
    authSecret: Buffer | string;
  }
  const ece: { decrypt(body: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
