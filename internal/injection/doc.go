// Package injection holds the injection corpus (testdata/: hostile issue bodies, context
// files, diffs and model answers) and Shape, which reads a published body as GitHub renders
// it. Tests of every publishing package run each fixture through their real publish path
// and compare the Shape of what reached the fake GitHub with a clean run's: model text may
// change the words a reader sees, never the record's structure, and it may never ping
// anyone, forge a marker, command, verdict or heading, carry raw HTML, echo a secret or
// refer to another issue.
//
// It is test support: no command imports it.
package injection
