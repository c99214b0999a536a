package reviewlane

import (
	"bytes"
	_ "embed"
	"io"
)

// defaultContract applies when the repository has no acceptance contract at the configured
// path on the base branch. The request records that it was used.
//
//go:embed default_contract.md
var defaultContract []byte

// sourceDefault is the contract source recorded when the built-in default was used.
const sourceDefault = "default"

// builtinContract returns the built-in acceptance contract.
func builtinContract() []byte { return bytes.Clone(defaultContract) }

// contractText is the contract a build found, and where it came from.
type contractText struct {
	text      []byte
	source    string
	isDefault bool
}

func defaultContractText() contractText {
	return contractText{text: builtinContract(), source: sourceDefault, isDefault: true}
}

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }
