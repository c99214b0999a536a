package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
)

func init() { register(command{name: "completion", run: runCompletion}) }

// completionCommand is one command as the shell completes it: its name, its summary and
// the flags its own --help documents.
type completionCommand struct {
	name, summary string
	flags         []*flag.Flag
}

// completionCommands asks every built command for its flags by running it with --help,
// which parses the command line before doing anything else, capturing the flag set.
func completionCommands(ctx context.Context) []completionCommand {
	var out []completionCommand
	for _, o := range append(slices.Clone(order), genericProtocols()...) {
		c, ok := commandFor(o.name)
		if !ok {
			continue
		}
		var first *flag.FlagSet
		quiet := &env{stdout: io.Discard, stderr: io.Discard, stdin: strings.NewReader(""), getenv: func(string) string { return "" },
			flagSets: func(fs *flag.FlagSet) {
				if first == nil {
					first = fs
				}
			}}
		_ = c.run(ctx, quiet, []string{"--help"})
		var flags []*flag.Flag
		if first != nil { // its flags are registered once --help has been parsed
			first.VisitAll(func(f *flag.Flag) { flags = append(flags, f) })
		}
		out = append(out, completionCommand{o.name, o.summary, flags})
	}
	out = append(out, completionCommand{name: "completion", summary: "print a shell completion script: bash, zsh or fish"},
		completionCommand{name: "help", summary: "a command's help, or exit-codes"})
	return out
}

func runCompletion(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "completion", "bash|zsh|fish")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageErr("completion takes one shell: bash, zsh or fish")
	}
	cmds := completionCommands(ctx)
	switch pos[0] {
	case "bash":
		writeBash(e.stdout, cmds)
	case "zsh":
		writeZsh(e.stdout, cmds)
	case "fish":
		writeFish(e.stdout, cmds)
	default:
		return usageErr("completion: unknown shell %q (want bash, zsh or fish)", pos[0])
	}
	return nil
}

// subcommands are the second words of the commands that take one.
var subcommands = map[string]string{
	"decisions": "list show search deferred outcome outcomes calibration",
	"council":   "roster lint",
	"memory":    "list review approve reject outcome constraint path",
	"help":      "exit-codes",
}

func names(cmds []completionCommand) string {
	var out []string
	for _, c := range cmds {
		out = append(out, c.name)
	}
	return strings.Join(out, " ")
}

func flagWords(c completionCommand) string {
	var out []string
	for _, f := range c.flags {
		out = append(out, "--"+f.Name)
	}
	return strings.Join(out, " ")
}

func writeBash(w io.Writer, cmds []completionCommand) {
	fmt.Fprintf(w, "# bash completion for war-room (war-room completion bash)\n_war_room() {\n")
	fmt.Fprintf(w, "  local cur=${COMP_WORDS[COMP_CWORD]}\n  if [ \"$COMP_CWORD\" -eq 1 ]; then\n")
	fmt.Fprintf(w, "    COMPREPLY=($(compgen -W '%s' -- \"$cur\"))\n    return\n  fi\n", names(cmds))
	fmt.Fprintf(w, "  if [ \"$COMP_CWORD\" -eq 2 ]; then\n    case \"${COMP_WORDS[1]}\" in\n")
	for _, c := range []string{"decisions", "council", "memory"} {
		fmt.Fprintf(w, "      %s) COMPREPLY=($(compgen -W '%s' -- \"$cur\")); return ;;\n", c, subcommands[c])
	}
	fmt.Fprintf(w, "    esac\n  fi\n  case \"${COMP_WORDS[1]}\" in\n")
	for _, c := range cmds {
		switch {
		case c.name == "completion":
			fmt.Fprintf(w, "    completion) COMPREPLY=($(compgen -W 'bash zsh fish' -- \"$cur\")) ;;\n")
		case c.name == "help":
			fmt.Fprintf(w, "    help) COMPREPLY=($(compgen -W 'exit-codes %s' -- \"$cur\")) ;;\n", names(cmds))
		case len(c.flags) > 0:
			fmt.Fprintf(w, "    %s) COMPREPLY=($(compgen -W '%s' -- \"$cur\")) ;;\n", c.name, flagWords(c))
		}
	}
	fmt.Fprintf(w, "  esac\n}\ncomplete -o default -F _war_room war-room\n")
}

// zshQuote escapes a description for a zsh single-quoted "name:description" word.
func zshQuote(s string) string {
	return strings.NewReplacer("'", `'\''`, ":", `\:`).Replace(s)
}

func writeZsh(w io.Writer, cmds []completionCommand) {
	fmt.Fprintf(w, "#compdef war-room\n# zsh completion for war-room (war-room completion zsh)\n_war_room() {\n  local -a cmds\n  cmds=(\n")
	for _, c := range cmds {
		fmt.Fprintf(w, "    '%s:%s'\n", c.name, zshQuote(c.summary))
	}
	fmt.Fprintf(w, "  )\n  if (( CURRENT == 2 )); then\n    _describe 'command' cmds\n    return\n  fi\n  case $words[2] in\n")
	for _, c := range cmds {
		switch {
		case c.name == "completion":
			fmt.Fprintf(w, "    completion) compadd bash zsh fish ;;\n")
		case c.name == "help":
			fmt.Fprintf(w, "    help) compadd exit-codes %s ;;\n", names(cmds))
		case subcommands[c.name] != "":
			fmt.Fprintf(w, "    %s) compadd %s ;;\n", c.name, subcommands[c.name])
		case len(c.flags) > 0:
			fmt.Fprintf(w, "    %s) compadd -- %s ;;\n", c.name, flagWords(c))
		}
	}
	fmt.Fprintf(w, "  esac\n}\ncompdef _war_room war-room\n")
}

// fishQuote escapes a description for a fish single-quoted string.
func fishQuote(s string) string { return strings.NewReplacer(`\`, `\\`, "'", `\'`).Replace(s) }

func writeFish(w io.Writer, cmds []completionCommand) {
	fmt.Fprintf(w, "# fish completion for war-room (war-room completion fish)\ncomplete -c war-room -f\n")
	for _, c := range cmds {
		fmt.Fprintf(w, "complete -c war-room -n __fish_use_subcommand -a %s -d '%s'\n", c.name, fishQuote(c.summary))
		for _, f := range c.flags {
			usage, _, _ := strings.Cut(f.Usage, ";")
			fmt.Fprintf(w, "complete -c war-room -n '__fish_seen_subcommand_from %s' -l %s -d '%s'\n", c.name, f.Name, fishQuote(usage))
		}
	}
	fmt.Fprintf(w, "complete -c war-room -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'\n")
	for _, c := range []string{"decisions", "council", "memory"} {
		fmt.Fprintf(w, "complete -c war-room -n '__fish_seen_subcommand_from %s' -a '%s'\n", c, subcommands[c])
	}
}
