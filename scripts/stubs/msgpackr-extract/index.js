// msgpackr (through BullMQ) tries this optional native addon and uses its JavaScript
// decoder when the require fails. The registry reachable here lacks the addon's prebuilt
// packages for other platforms, which leaves `npm ci` unable to verify the lock file.
throw new Error('msgpackr-extract is not installed: msgpackr uses its JavaScript decoder.');
