// Placeholder for a script whose issue has not landed yet: an honest failure, never a pass.
const [name = 'this script', issue = '?'] = process.argv.slice(2);
console.error(`${name}: not yet implemented (issue #${issue}).`);
process.exit(1);
