// The declarations in use from CommonJS: `require` gives the same, typed.
import fenkit = require('fenkit');

const findings: fenkit.Finding[] = fenkit.check('4k3/8/8/8/8/8/8/4K3 w - - 0 1');
const error: typeof fenkit.FenkitError = fenkit.FenkitError;
console.log(findings.length, error.name, fenkit.parseDfen('x').canonical);
