// Package layout holds no code: its tests keep the folders' import rules (ARCHITECTURE.md),
// so that the direction cmd → bot → session → {discussions, reviewlane, protocols/*} → engine
// stays true as the code grows.
package layout
