package bot

import (
	"regexp"
	"strconv"
	"strings"

	outcomes "github.com/war-room/war-room/engine/outcome"
)

// Memory subcommands of /war-room memory.
const (
	memoryReview  = "review"
	memoryApprove = "approve"
	memoryReject  = "reject"
)

var memoryID = regexp.MustCompile(`^m-[0-9a-f]{6,40}$`)

// parseMemory reads "/war-room memory review", "/war-room memory approve ID…" and
// "/war-room memory reject ID…".
func parseMemory(args []string) (command, error) {
	c := command{Kind: kindMemory}
	if len(args) == 0 {
		return c, usagef("%s memory takes review, approve ID or reject ID", prefix)
	}
	c.Memory = strings.ToLower(args[0])
	switch c.Memory {
	case memoryReview:
		if len(args) > 1 {
			return c, usagef("%s memory review takes no arguments", prefix)
		}
		return c, nil
	case memoryApprove, memoryReject:
		if len(args) == 1 {
			return c, usagef("%s memory %s needs the id of an item (%s memory review lists them)", prefix, c.Memory, prefix)
		}
		for _, id := range args[1:] {
			if !memoryID.MatchString(id) {
				return c, usagef("%q is not a memory item id (they look like m-1a2b3c4d5e)", id)
			}
			c.IDs = append(c.IDs, id)
		}
		return c, nil
	}
	return c, usagef("%s memory takes review, approve ID or reject ID, not %q", prefix, args[0])
}

// parseOutcome reads "/war-room outcome [#N] held|reversed|partly <what happened>". On a
// decision's discussion the number is the discussion's own and may be left out; on an issue
// it names the decision. The note is the rest of the line and the lines after it, as written.
func parseOutcome(args, rest string) (command, error) {
	c := command{Kind: kindOutcome}
	args = strings.TrimSpace(args)
	fields := strings.Fields(args)
	if len(fields) > 0 && strings.HasPrefix(fields[0], "#") {
		n, err := strconv.Atoi(fields[0][1:])
		if err != nil || n <= 0 {
			return c, usagef("%q is not a decision number; write it as #N", fields[0])
		}
		c.Number = n
		args, fields = strings.TrimSpace(args[len(fields[0]):]), fields[1:]
	}
	if len(fields) == 0 {
		return c, usagef("%s outcome needs what happened to the decision, held, reversed or partly, and a note: %s outcome held <what happened>",
			prefix, prefix)
	}
	v, err := outcomes.ParseVerdict(fields[0])
	if err != nil {
		return c, usagef("%s outcome takes held, reversed or partly first, not %q: %s outcome reversed <what happened>", prefix, fields[0], prefix)
	}
	c.Verdict = v
	c.Text = strings.TrimSpace(strings.TrimSpace(args[len(fields[0]):]) + "\n\n" + strings.TrimSpace(rest))
	if c.Text == "" {
		return c, usagef("%s outcome %s needs a note saying what happened", prefix, v)
	}
	if len(c.Text) > maxQuestionBytes {
		return c, usagef("the outcome is %d bytes long; the limit is %d", len(c.Text), maxQuestionBytes)
	}
	return c, nil
}
