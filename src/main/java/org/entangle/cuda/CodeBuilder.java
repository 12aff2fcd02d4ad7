package org.entangle.cuda;

/** Accumulates indented lines of generated C (four spaces per level); lines whose code ends with an opening brace open a level. */
public final class CodeBuilder {

    private final StringBuilder text = new StringBuilder();
    private int indent;

    /** Appends one line; a line starting with a closing brace closes a level first; one whose code (before any comment) ends with an opening brace opens one after. */
    public CodeBuilder line(String line) {
        if (line.startsWith("}")) indent--;
        if (!line.isEmpty()) text.append("    ".repeat(Math.max(0, indent))).append(line);
        text.append('\n');
        int comment = line.indexOf("//");
        String code = (comment < 0 ? line : line.substring(0, comment)).strip();
        if (code.endsWith("{")) indent++;
        return this;
    }

    /** Appends several lines (a text block), each through {@link #line}. */
    public CodeBuilder lines(String block) {
        for (String l : block.strip().split("\n", -1)) line(l.strip());
        return this;
    }

    public CodeBuilder blank() {
        text.append('\n');
        return this;
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
