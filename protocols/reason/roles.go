package reason

import (
	"embed"
	"fmt"
)

// Role names, which are also the keys of protocols.reason.roles in configuration.
const (
	RolePremise     = "premise-check"
	RoleGenerator   = "generator"
	RoleCompressor  = "compressor"
	RoleAttacker    = "attacker"
	RoleSynthesizer = "synthesizer"
)

// Roles lists the chain's roles in chain order.
var Roles = []string{RolePremise, RoleGenerator, RoleCompressor, RoleAttacker, RoleSynthesizer}

//go:embed roles/*.md
var roleFS embed.FS

// RoleBody returns the installed body (system prompt) of a role.
func RoleBody(role string) (string, error) {
	b, err := roleFS.ReadFile("roles/" + role + ".md")
	if err != nil {
		return "", fmt.Errorf("role body %s: %w", role, err)
	}
	return string(b), nil
}
