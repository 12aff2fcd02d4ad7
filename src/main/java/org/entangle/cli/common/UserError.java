package org.entangle.cli.common;

import org.entangle.cli.common.UserError;

/**
 * A problem with what the user gave (a file, an option, a program) that the command line reports as one line
 * on stderr with exit status 2. The message must say what is wrong and where (file:line:column when known).
 */
public class UserError extends RuntimeException {

    public UserError(String message) {
        super(message);
    }

    public UserError(String message, Throwable cause) {
        super(message, cause);
    }
}
