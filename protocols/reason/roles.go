package reason

import (
	"embed"
	"fmt"
)

// Role names, which are also the keys of protocols.reason.roles in configuration.
const (
	rolePremise     = "premise-check"
	roleGenerator   = "generator"
	roleCompressor  = "compressor"
	roleAttacker    = "attacker"
	roleSynthesizer = "synthesizer"
)

// Roles lists the chain's roles in chain order.
var Roles = []string{rolePremise, roleGenerator, roleCompressor, roleAttacker, roleSynthesizer}

//go:embed roles/*.md
var roleFS embed.FS

// Body returns the installed body (system prompt) of a role, as its calls carry it.
func Body(role string) (string, error) { return roleBody(role) }

// roleBody returns the installed body (system prompt) of a role.
func roleBody(role string) (string, error) {
	b, err := roleFS.ReadFile("roles/" + role + ".md")
	if err != nil {
		return "", fmt.Errorf("role body %s: %w", role, err)
	}
	return string(b), nil
}
