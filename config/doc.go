// Package config owns war-room's one configuration file (.github/war-room.yml in a repository,
// --config for the CLI): its schema, its defaults, strict loading with errors that name the
// file, line, column and key path, detection of provider profiles from the environment when
// there is no file, and construction of the engine's provider profiles from it.
//
// Strictness is the point: an unknown key, a wrong type or a dangling profile reference is an
// error that reaches the user, never a silently ignored setting.
package config
