// Package vendors is the list of vendors war-room links: importing it registers every provider
// type with the vendor registry (engine/provider), each adapter in its init. A new vendor is
// its adapter package and one line here; the configuration, the wiring, the App's key policy
// and doctor then know it.
package vendors

import (
	_ "github.com/war-room/war-room/internal/provider/anthropic" // anthropic
	_ "github.com/war-room/war-room/internal/provider/cli"       // cli: agent CLIs on this machine
	_ "github.com/war-room/war-room/internal/provider/openai"    // openai and OpenAI-compatible servers
	_ "github.com/war-room/war-room/internal/provider/script"    // script: scripted answers for tests and demos
)
