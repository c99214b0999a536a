package cli

import "os"

// commonEnv are the parent variables every CLI may see: what it needs to find its binaries, its
// own files under HOME (where a subscription's login lives) and a proxy. Everything else (GitHub
// tokens, cloud credentials, the App's private key, other vendors' keys) stays out of reach of a
// process that runs model output.
var commonEnv = []string{"PATH", "HOME", "LANG", "LC_ALL", "TMPDIR",
	"HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY", "https_proxy", "http_proxy", "no_proxy"}

// scrubbedEnv builds the child's environment: the common variables and the CLI's own (its
// vendor's configuration, never an API key) that are set, then the API key under the CLI's key
// variable when the profile configures one, then extra. os/exec keeps the last of duplicate
// keys, so extra overrides.
func scrubbedEnv(getenv func(string) (string, bool), v vendor, apiKey string, extra []string) []string {
	env := make([]string, 0, len(commonEnv)+len(v.env)+len(extra)+1)
	for _, k := range append(append([]string(nil), commonEnv...), v.env...) {
		if val, ok := getenv(k); ok {
			env = append(env, k+"="+val)
		}
	}
	if apiKey != "" {
		env = append(env, v.keyVar+"="+apiKey)
	}
	return append(env, extra...)
}

var osLookupEnv = os.LookupEnv
