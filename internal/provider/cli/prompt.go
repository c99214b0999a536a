package cli

import (
	"strings"

	"github.com/war-room/war-room/engine/provider"
)

// prompt joins system and user text for stdin. CLIs have no separate system channel that reads
// from stdin, so the two parts are set apart with labelled tags the models are trained to
// respect; the engine has already fenced any untrusted text inside User.
func prompt(req provider.Request) string {
	if req.System == "" {
		return req.User
	}
	var b strings.Builder
	b.Grow(len(req.System) + len(req.User) + 64)
	b.WriteString("<instructions>\n")
	b.WriteString(req.System)
	b.WriteString("\n</instructions>\n\n<request>\n")
	b.WriteString(req.User)
	b.WriteString("\n</request>\n")
	return b.String()
}
