// Package warroom is the war-room deliberation protocol: a reversibility assessment that
// routes a question to an express, lightweight, full-council or Delphi deliberation; parallel
// intelligence, courses of action, challenges, Borda voting and a premortem by a panel of
// experts who see each other's work only under anonymous labels; and a synthesis by the one
// role that sees who said what. Every phase is a durable engine step, every expert is its own
// model call, and every contribution goes into the session's Merkle DAG.
//
// The protocol's pure parts (routing by score, Borda, Delphi convergence, presentation
// orders, prompt building, output contracts) are plain functions with table tests; Execute
// strings them together over an *engine.Run.
package warroom
