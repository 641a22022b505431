// qrcode's encoder alone (its package ships no types for the file): what `QRCode.create` is.
declare module 'qrcode/lib/core/qrcode.js' {
  export const create: typeof import('qrcode').create;
}
