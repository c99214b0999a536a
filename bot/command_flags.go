package bot

import (
	"slices"
	"strings"
)

// parseFlags consumes leading --name and --name=value tokens into flags and returns the rest.
// A boolean flag takes no value (or true/false); any other flag needs one.
func parseFlags(flags map[string]string, protocol, args string, allowed []Flag) (string, error) {
	for {
		args = strings.TrimLeft(args, " \t")
		if !strings.HasPrefix(args, "--") {
			return args, nil
		}
		tok, tail := cutSpace(args)
		args = tail
		if tok == "--" {
			return args, nil
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(tok, "--"), "=")
		i := slices.IndexFunc(allowed, func(f Flag) bool { return f.Name == name })
		switch {
		case i < 0:
			return "", usagef("unknown flag --%s for %s (allowed: %s)", name, protocol, flagList(allowed))
		case allowed[i].Bool && !hasValue:
			value = "true"
		case allowed[i].Bool && value != "true" && value != "false":
			return "", usagef("--%s is on or off: write --%s alone", name, name)
		case !allowed[i].Bool && !hasValue:
			// --name VALUE, as on the command line
			value, args = cutSpace(strings.TrimLeft(args, " \t"))
			if value == "" || strings.HasPrefix(value, "--") {
				return "", usagef("--%s needs a value: --%s VALUE or --%s=VALUE", name, name, name)
			}
		case !allowed[i].Bool && value == "":
			return "", usagef("--%s needs a value: --%s VALUE or --%s=VALUE", name, name, name)
		}
		flags[name] = value
	}
}

// cutSpace splits s at its first space or tab.
func cutSpace(s string) (head, tail string) {
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		return s[:i], s[i+1:]
	}
	return s, ""
}

func flagList(flags []Flag) string {
	if len(flags) == 0 {
		return "none"
	}
	out := make([]string, len(flags))
	for i, f := range flags {
		out[i] = "--" + f.Name
		if !f.Bool {
			out[i] += " …"
		}
	}
	return strings.Join(out, ", ")
}
