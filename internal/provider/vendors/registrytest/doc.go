// Package registrytest holds no code: its test shows that a new vendor is its adapter and one
// registry entry, with nothing else in war-room to change.
package registrytest
