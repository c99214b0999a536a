// Package estimate forecasts what a session will cost before it spends anything: how many
// seats and calls, how many minutes and how many dollars, each as a range. Every protocol
// describes its plan as phases of calls (the calls of a phase run at the same time, the
// phases one after another); Forecast prices that plan per profile.
//
// A profile's latency and a role's token use start from documented seed constants (Seeds)
// and are replaced by what the store recorded for that profile and role in earlier sessions
// of the same protocol (Calibrate): the estimate names, per profile, which it used. Actual
// reads the same quantities back from a finished session's ledger, so that the record can
// show the estimate next to what happened.
package estimate
