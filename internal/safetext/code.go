package safetext

import "strings"

// Code renders untrusted text that must be read exactly (an error message, a configuration
// line) as a fenced code block it cannot leave: the fence is one backtick longer than the
// longest run of backticks in the text, and a tilde fence cannot close a backtick one. Inside
// a code block GitHub renders no markdown, HTML, link or mention; what a parser of the raw
// body could still read (a secret, a marker, a command) is removed by Plain first.
func Code(s string) string {
	s = strings.TrimRight(strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(Plain(s)), "\n")
	fence := strings.Repeat("`", max(3, longestRun(s, '`')+1))
	return fence + "\n" + s + "\n" + fence
}

func longestRun(s string, c byte) int {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] != c {
			run = 0
			continue
		}
		run++
		longest = max(longest, run)
	}
	return longest
}
