package cli

import "os"

// passedEnv are the only parent variables a child sees: what a CLI needs to find its own files
// and binaries, and the vendors' API key variables. Everything else (GitHub tokens, cloud
// credentials, the App's private key) stays out of reach of a process that runs model output.
var passedEnv = []string{
	"PATH", "HOME", "LANG", "TMPDIR",
	"ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY",
}

// scrubbedEnv builds the child's environment: passedEnv entries that are set, then extra.
// os/exec keeps the last of duplicate keys, so extra overrides.
func scrubbedEnv(getenv func(string) (string, bool), extra []string) []string {
	env := make([]string, 0, len(passedEnv)+len(extra))
	for _, k := range passedEnv {
		if v, ok := getenv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return append(env, extra...)
}

var osLookupEnv = os.LookupEnv
