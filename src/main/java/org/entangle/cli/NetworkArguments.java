package org.entangle.cli;

import java.nio.file.Path;
import java.util.function.Function;
import org.entangle.cli.common.UserError;
import org.entangle.network.MemoryModel;
import org.entangle.network.Network;
import org.entangle.network.io.NetworkFiles;
import org.entangle.network.io.NetworkFormat;
import org.entangle.network.io.NetworkFormatException;

/** What the commands that read a network share: loading a file and parsing option tokens, as {@link UserError}s. */
final class NetworkArguments {

    private NetworkArguments() {
    }

    /** Loads a network file; a bad file becomes a {@code file:line:column:} user error. */
    static Network load(Path file, MemoryModel modelOverride) {
        try {
            return NetworkFiles.load(file, modelOverride);
        } catch (NetworkFormatException e) {
            throw new UserError(e.getMessage(), e);
        }
    }

    /** The constant named by an option's token, null when the option was not given. */
    static <E extends Enum<E>> E token(Class<E> type, Function<E, String> tokenOf, String option, String text) {
        if (text == null) return null;
        return NetworkFormat.parseToken(type, tokenOf, option, text, UserError::new);
    }
}
