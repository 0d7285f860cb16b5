function __toolbox_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __toolbox_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __toolbox_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __toolbox_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __toolbox_parse_tokens -S
    set -l unparsed_tokens (__toolbox_tokens -pc)
    switch $unparsed_tokens[1]
    case 'toolbox'
        __toolbox_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'plugins'
            __toolbox_parse_subcommand 0 'json' 'no-color' 'v/verbose' 'q/quiet' 'offline' 'refresh' 'config=' 'plain' 'version' 'h/help'
        case 'config'
            __toolbox_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'list'
                __toolbox_parse_subcommand 0 'json' 'no-color' 'v/verbose' 'q/quiet' 'offline' 'refresh' 'config=' 'plain' 'version' 'h/help'
            case 'get'
                __toolbox_parse_subcommand 1 'json' 'no-color' 'v/verbose' 'q/quiet' 'offline' 'refresh' 'config=' 'plain' 'version' 'h/help'
            case 'set'
                __toolbox_parse_subcommand 2 'json' 'no-color' 'v/verbose' 'q/quiet' 'offline' 'refresh' 'config=' 'plain' 'version' 'h/help'
            case 'unset'
                __toolbox_parse_subcommand 1 'json' 'no-color' 'v/verbose' 'q/quiet' 'offline' 'refresh' 'config=' 'plain' 'version' 'h/help'
            case 'path'
                __toolbox_parse_subcommand 0 'json' 'no-color' 'v/verbose' 'q/quiet' 'offline' 'refresh' 'config=' 'plain' 'version' 'h/help'
            case 'check'
                __toolbox_parse_subcommand 0 'json' 'no-color' 'v/verbose' 'q/quiet' 'offline' 'refresh' 'config=' 'plain' 'version' 'h/help'
            case 'template'
                __toolbox_parse_subcommand 0 'json' 'no-color' 'v/verbose' 'q/quiet' 'offline' 'refresh' 'config=' 'plain' 'version' 'h/help'
            end
        case 'cache'
            __toolbox_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'stats'
                __toolbox_parse_subcommand 0 'json' 'no-color' 'v/verbose' 'q/quiet' 'offline' 'refresh' 'config=' 'plain' 'version' 'h/help'
            case 'clear'
                __toolbox_parse_subcommand 0 'plugin=' 'json' 'no-color' 'v/verbose' 'q/quiet' 'offline' 'refresh' 'config=' 'plain' 'version' 'h/help'
            end
        case 'completion'
            __toolbox_parse_subcommand 1 'json' 'no-color' 'v/verbose' 'q/quiet' 'offline' 'refresh' 'config=' 'plain' 'version' 'h/help'
        case 'movies'
            __toolbox_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'list'
                __toolbox_parse_subcommand 0 'person=' 'actor=' 'all' 'page=' 'limit=' 'json' 'no-color' 'v/verbose' 'q/quiet' 'offline' 'refresh' 'config=' 'plain' 'version' 'h/help'
            case 'search'
                __toolbox_parse_subcommand 1 'year=' 'page=' 'limit=' 'json' 'no-color' 'v/verbose' 'q/quiet' 'offline' 'refresh' 'config=' 'plain' 'version' 'h/help'
            case 'actors'
                __toolbox_parse_subcommand 1 'json' 'no-color' 'v/verbose' 'q/quiet' 'offline' 'refresh' 'config=' 'plain' 'version' 'h/help'
            case 'show'
                __toolbox_parse_subcommand 1 'json' 'no-color' 'v/verbose' 'q/quiet' 'offline' 'refresh' 'config=' 'plain' 'version' 'h/help'
            case 'similar'
                __toolbox_parse_subcommand 1 'page=' 'limit=' 'json' 'no-color' 'v/verbose' 'q/quiet' 'offline' 'refresh' 'config=' 'plain' 'version' 'h/help'
            case 'poster'
                __toolbox_parse_subcommand 1 'size=' 'o/output=' 'json' 'no-color' 'v/verbose' 'q/quiet' 'offline' 'refresh' 'config=' 'plain' 'version' 'h/help'
            case 'favorites'
                __toolbox_parse_subcommand 0 'version' 'h/help'
                switch $unparsed_tokens[1]
                case 'list'
                    __toolbox_parse_subcommand 0 'json' 'no-color' 'v/verbose' 'q/quiet' 'offline' 'refresh' 'config=' 'plain' 'version' 'h/help'
                case 'add'
                    __toolbox_parse_subcommand 1 'json' 'no-color' 'v/verbose' 'q/quiet' 'offline' 'refresh' 'config=' 'plain' 'version' 'h/help'
                case 'remove'
                    __toolbox_parse_subcommand 1 'json' 'no-color' 'v/verbose' 'q/quiet' 'offline' 'refresh' 'config=' 'plain' 'version' 'h/help'
                end
            end
        case 'help'
            __toolbox_parse_subcommand -r 1 'version'
        end
    end
end

function __toolbox_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __toolbox_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __toolbox_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __toolbox_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__toolbox_tokens -p)
    if test -z "$(__toolbox_tokens -t)"
        set -l index (count (__toolbox_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'toolbox' -f
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox" -eq 1' -fa 'plugins' -d 'List every plugin, its commands and its configuration keys.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox" -eq 1' -fa 'config' -d 'Read and change configuration.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox" -eq 1' -fa 'cache' -d 'Show or clear the response and image cache.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox" -eq 1' -fa 'completion' -d 'Print a shell completion script.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox" -eq 1' -fa 'movies' -d 'Movies starring an actor, search, details, similar movies, posters and favourites (TMDB).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox plugins" json' -l 'json' -d 'Print one JSON document on stdout.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox plugins" no-color' -l 'no-color' -d 'No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox plugins" v verbose' -l 'verbose' -s 'v' -d 'Show each HTTP request on stderr.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox plugins" q quiet' -l 'quiet' -s 'q' -d 'No notices on stderr, errors only.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox plugins" offline' -l 'offline' -d 'Answer from the cache only, expired entries allowed.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox plugins" refresh' -l 'refresh' -d 'Ignore cached entries and store fresh answers.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox plugins" config' -l 'config' -d 'Use this configuration file.' -rfa '(set -l exts \'yaml\' \'yml\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox plugins" plain' -l 'plain' -d 'One sentence per item, written to read well aloud.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox plugins" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox plugins" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox config" -eq 1' -fa 'list' -d 'Show every key, its value and where the value came from.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox config" -eq 1' -fa 'get' -d 'Print the value of one key (secrets masked).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox config" -eq 1' -fa 'set' -d 'Set a key in the configuration file.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox config" -eq 1' -fa 'unset' -d 'Remove a key from the configuration file.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox config" -eq 1' -fa 'path' -d 'Print the path of the configuration file.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox config" -eq 1' -fa 'check' -d 'Check every key; name the missing, placeholder or invalid ones and how to fix each.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox config" -eq 1' -fa 'template' -d 'Print a configuration file that documents every key with its default.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config list" json' -l 'json' -d 'Print one JSON document on stdout.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config list" no-color' -l 'no-color' -d 'No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config list" v verbose' -l 'verbose' -s 'v' -d 'Show each HTTP request on stderr.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config list" q quiet' -l 'quiet' -s 'q' -d 'No notices on stderr, errors only.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config list" offline' -l 'offline' -d 'Answer from the cache only, expired entries allowed.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config list" refresh' -l 'refresh' -d 'Ignore cached entries and store fresh answers.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config list" config' -l 'config' -d 'Use this configuration file.' -rfa '(set -l exts \'yaml\' \'yml\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config list" plain' -l 'plain' -d 'One sentence per item, written to read well aloud.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config list" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox config get" -eq 1' -fka '(__toolbox_custom_completion ---completion config get -- positional@0 (count (__toolbox_tokens -pc)) (__toolbox_tokens -tC))'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config get" json' -l 'json' -d 'Print one JSON document on stdout.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config get" no-color' -l 'no-color' -d 'No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config get" v verbose' -l 'verbose' -s 'v' -d 'Show each HTTP request on stderr.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config get" q quiet' -l 'quiet' -s 'q' -d 'No notices on stderr, errors only.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config get" offline' -l 'offline' -d 'Answer from the cache only, expired entries allowed.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config get" refresh' -l 'refresh' -d 'Ignore cached entries and store fresh answers.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config get" config' -l 'config' -d 'Use this configuration file.' -rfa '(set -l exts \'yaml\' \'yml\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config get" plain' -l 'plain' -d 'One sentence per item, written to read well aloud.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config get" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config get" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox config set" -eq 1' -fka '(__toolbox_custom_completion ---completion config set -- positional@0 (count (__toolbox_tokens -pc)) (__toolbox_tokens -tC))'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config set" json' -l 'json' -d 'Print one JSON document on stdout.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config set" no-color' -l 'no-color' -d 'No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config set" v verbose' -l 'verbose' -s 'v' -d 'Show each HTTP request on stderr.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config set" q quiet' -l 'quiet' -s 'q' -d 'No notices on stderr, errors only.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config set" offline' -l 'offline' -d 'Answer from the cache only, expired entries allowed.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config set" refresh' -l 'refresh' -d 'Ignore cached entries and store fresh answers.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config set" config' -l 'config' -d 'Use this configuration file.' -rfa '(set -l exts \'yaml\' \'yml\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config set" plain' -l 'plain' -d 'One sentence per item, written to read well aloud.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config set" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config set" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox config unset" -eq 1' -fka '(__toolbox_custom_completion ---completion config unset -- positional@0 (count (__toolbox_tokens -pc)) (__toolbox_tokens -tC))'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config unset" json' -l 'json' -d 'Print one JSON document on stdout.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config unset" no-color' -l 'no-color' -d 'No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config unset" v verbose' -l 'verbose' -s 'v' -d 'Show each HTTP request on stderr.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config unset" q quiet' -l 'quiet' -s 'q' -d 'No notices on stderr, errors only.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config unset" offline' -l 'offline' -d 'Answer from the cache only, expired entries allowed.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config unset" refresh' -l 'refresh' -d 'Ignore cached entries and store fresh answers.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config unset" config' -l 'config' -d 'Use this configuration file.' -rfa '(set -l exts \'yaml\' \'yml\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config unset" plain' -l 'plain' -d 'One sentence per item, written to read well aloud.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config unset" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config unset" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config path" json' -l 'json' -d 'Print one JSON document on stdout.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config path" no-color' -l 'no-color' -d 'No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config path" v verbose' -l 'verbose' -s 'v' -d 'Show each HTTP request on stderr.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config path" q quiet' -l 'quiet' -s 'q' -d 'No notices on stderr, errors only.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config path" offline' -l 'offline' -d 'Answer from the cache only, expired entries allowed.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config path" refresh' -l 'refresh' -d 'Ignore cached entries and store fresh answers.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config path" config' -l 'config' -d 'Use this configuration file.' -rfa '(set -l exts \'yaml\' \'yml\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config path" plain' -l 'plain' -d 'One sentence per item, written to read well aloud.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config path" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config path" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config check" json' -l 'json' -d 'Print one JSON document on stdout.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config check" no-color' -l 'no-color' -d 'No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config check" v verbose' -l 'verbose' -s 'v' -d 'Show each HTTP request on stderr.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config check" q quiet' -l 'quiet' -s 'q' -d 'No notices on stderr, errors only.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config check" offline' -l 'offline' -d 'Answer from the cache only, expired entries allowed.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config check" refresh' -l 'refresh' -d 'Ignore cached entries and store fresh answers.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config check" config' -l 'config' -d 'Use this configuration file.' -rfa '(set -l exts \'yaml\' \'yml\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config check" plain' -l 'plain' -d 'One sentence per item, written to read well aloud.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config check" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config check" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config template" json' -l 'json' -d 'Print one JSON document on stdout.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config template" no-color' -l 'no-color' -d 'No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config template" v verbose' -l 'verbose' -s 'v' -d 'Show each HTTP request on stderr.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config template" q quiet' -l 'quiet' -s 'q' -d 'No notices on stderr, errors only.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config template" offline' -l 'offline' -d 'Answer from the cache only, expired entries allowed.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config template" refresh' -l 'refresh' -d 'Ignore cached entries and store fresh answers.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config template" config' -l 'config' -d 'Use this configuration file.' -rfa '(set -l exts \'yaml\' \'yml\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config template" plain' -l 'plain' -d 'One sentence per item, written to read well aloud.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config template" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox config template" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox cache" -eq 1' -fa 'stats' -d 'Show how much each plugin has cached.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox cache" -eq 1' -fa 'clear' -d 'Delete cached answers and images.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache stats" json' -l 'json' -d 'Print one JSON document on stdout.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache stats" no-color' -l 'no-color' -d 'No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache stats" v verbose' -l 'verbose' -s 'v' -d 'Show each HTTP request on stderr.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache stats" q quiet' -l 'quiet' -s 'q' -d 'No notices on stderr, errors only.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache stats" offline' -l 'offline' -d 'Answer from the cache only, expired entries allowed.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache stats" refresh' -l 'refresh' -d 'Ignore cached entries and store fresh answers.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache stats" config' -l 'config' -d 'Use this configuration file.' -rfa '(set -l exts \'yaml\' \'yml\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache stats" plain' -l 'plain' -d 'One sentence per item, written to read well aloud.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache stats" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache stats" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache clear" plugin' -l 'plugin' -d 'Only this plugin\'s cache.' -rfka '(__toolbox_custom_completion ---completion cache clear -- --plugin (count (__toolbox_tokens -pc)) (__toolbox_tokens -tC))'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache clear" json' -l 'json' -d 'Print one JSON document on stdout.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache clear" no-color' -l 'no-color' -d 'No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache clear" v verbose' -l 'verbose' -s 'v' -d 'Show each HTTP request on stderr.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache clear" q quiet' -l 'quiet' -s 'q' -d 'No notices on stderr, errors only.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache clear" offline' -l 'offline' -d 'Answer from the cache only, expired entries allowed.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache clear" refresh' -l 'refresh' -d 'Ignore cached entries and store fresh answers.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache clear" config' -l 'config' -d 'Use this configuration file.' -rfa '(set -l exts \'yaml\' \'yml\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache clear" plain' -l 'plain' -d 'One sentence per item, written to read well aloud.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache clear" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox cache clear" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox completion" -eq 1' -fka 'bash zsh fish'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox completion" json' -l 'json' -d 'Print one JSON document on stdout.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox completion" no-color' -l 'no-color' -d 'No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox completion" v verbose' -l 'verbose' -s 'v' -d 'Show each HTTP request on stderr.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox completion" q quiet' -l 'quiet' -s 'q' -d 'No notices on stderr, errors only.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox completion" offline' -l 'offline' -d 'Answer from the cache only, expired entries allowed.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox completion" refresh' -l 'refresh' -d 'Ignore cached entries and store fresh answers.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox completion" config' -l 'config' -d 'Use this configuration file.' -rfa '(set -l exts \'yaml\' \'yml\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox completion" plain' -l 'plain' -d 'One sentence per item, written to read well aloud.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox completion" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox completion" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox movies" -eq 1' -fa 'list' -d 'Movies with an actor, most popular first (default: movies.default_person).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox movies" -eq 1' -fa 'search' -d 'Search movies by title.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox movies" -eq 1' -fa 'actors' -d 'Find actors by name (at most 5, actors only).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox movies" -eq 1' -fa 'show' -d 'One movie in full: tagline, release date, rating, overview, images.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox movies" -eq 1' -fa 'similar' -d 'Movies similar to one movie.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox movies" -eq 1' -fa 'poster' -d 'Download a movie\'s poster into the image cache, or to a file.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox movies" -eq 1' -fa 'favorites' -d 'Your favourite movies, kept on this computer.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies list" person' -l 'person' -d 'The TMDB person id.' -rfka ''
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies list" actor' -l 'actor' -d 'An actor\'s name, resolved through actor search.' -rfka ''
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies list" all' -l 'all' -d 'Every page (fetched concurrently).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies list" page' -l 'page' -d 'The page to show, from 1 (20 movies a page).' -rfka ''
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies list" limit' -l 'limit' -d 'Show at most this many movies, fetching more pages as needed.' -rfka ''
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies list" json' -l 'json' -d 'Print one JSON document on stdout.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies list" no-color' -l 'no-color' -d 'No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies list" v verbose' -l 'verbose' -s 'v' -d 'Show each HTTP request on stderr.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies list" q quiet' -l 'quiet' -s 'q' -d 'No notices on stderr, errors only.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies list" offline' -l 'offline' -d 'Answer from the cache only, expired entries allowed.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies list" refresh' -l 'refresh' -d 'Ignore cached entries and store fresh answers.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies list" config' -l 'config' -d 'Use this configuration file.' -rfa '(set -l exts \'yaml\' \'yml\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies list" plain' -l 'plain' -d 'One sentence per item, written to read well aloud.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies list" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies search" year' -l 'year' -d 'Only movies released in this year.' -rfka ''
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies search" page' -l 'page' -d 'The page to show, from 1 (20 movies a page).' -rfka ''
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies search" limit' -l 'limit' -d 'Show at most this many movies, fetching more pages as needed.' -rfka ''
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies search" json' -l 'json' -d 'Print one JSON document on stdout.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies search" no-color' -l 'no-color' -d 'No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies search" v verbose' -l 'verbose' -s 'v' -d 'Show each HTTP request on stderr.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies search" q quiet' -l 'quiet' -s 'q' -d 'No notices on stderr, errors only.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies search" offline' -l 'offline' -d 'Answer from the cache only, expired entries allowed.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies search" refresh' -l 'refresh' -d 'Ignore cached entries and store fresh answers.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies search" config' -l 'config' -d 'Use this configuration file.' -rfa '(set -l exts \'yaml\' \'yml\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies search" plain' -l 'plain' -d 'One sentence per item, written to read well aloud.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies search" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies search" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies actors" json' -l 'json' -d 'Print one JSON document on stdout.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies actors" no-color' -l 'no-color' -d 'No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies actors" v verbose' -l 'verbose' -s 'v' -d 'Show each HTTP request on stderr.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies actors" q quiet' -l 'quiet' -s 'q' -d 'No notices on stderr, errors only.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies actors" offline' -l 'offline' -d 'Answer from the cache only, expired entries allowed.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies actors" refresh' -l 'refresh' -d 'Ignore cached entries and store fresh answers.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies actors" config' -l 'config' -d 'Use this configuration file.' -rfa '(set -l exts \'yaml\' \'yml\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies actors" plain' -l 'plain' -d 'One sentence per item, written to read well aloud.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies actors" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies actors" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies show" json' -l 'json' -d 'Print one JSON document on stdout.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies show" no-color' -l 'no-color' -d 'No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies show" v verbose' -l 'verbose' -s 'v' -d 'Show each HTTP request on stderr.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies show" q quiet' -l 'quiet' -s 'q' -d 'No notices on stderr, errors only.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies show" offline' -l 'offline' -d 'Answer from the cache only, expired entries allowed.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies show" refresh' -l 'refresh' -d 'Ignore cached entries and store fresh answers.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies show" config' -l 'config' -d 'Use this configuration file.' -rfa '(set -l exts \'yaml\' \'yml\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies show" plain' -l 'plain' -d 'One sentence per item, written to read well aloud.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies show" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies similar" page' -l 'page' -d 'The page to show, from 1 (20 movies a page).' -rfka ''
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies similar" limit' -l 'limit' -d 'Show at most this many movies, fetching more pages as needed.' -rfka ''
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies similar" json' -l 'json' -d 'Print one JSON document on stdout.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies similar" no-color' -l 'no-color' -d 'No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies similar" v verbose' -l 'verbose' -s 'v' -d 'Show each HTTP request on stderr.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies similar" q quiet' -l 'quiet' -s 'q' -d 'No notices on stderr, errors only.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies similar" offline' -l 'offline' -d 'Answer from the cache only, expired entries allowed.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies similar" refresh' -l 'refresh' -d 'Ignore cached entries and store fresh answers.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies similar" config' -l 'config' -d 'Use this configuration file.' -rfa '(set -l exts \'yaml\' \'yml\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies similar" plain' -l 'plain' -d 'One sentence per item, written to read well aloud.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies similar" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies similar" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies poster" size' -l 'size' -d 'The size: w92, w154, w185, w342, w500, w780, original.' -rfka 'w92 w154 w185 w342 w500 w780 original'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies poster" o output' -l 'output' -s 'o' -d 'Also write the image to this file.' -rF
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies poster" json' -l 'json' -d 'Print one JSON document on stdout.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies poster" no-color' -l 'no-color' -d 'No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies poster" v verbose' -l 'verbose' -s 'v' -d 'Show each HTTP request on stderr.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies poster" q quiet' -l 'quiet' -s 'q' -d 'No notices on stderr, errors only.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies poster" offline' -l 'offline' -d 'Answer from the cache only, expired entries allowed.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies poster" refresh' -l 'refresh' -d 'Ignore cached entries and store fresh answers.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies poster" config' -l 'config' -d 'Use this configuration file.' -rfa '(set -l exts \'yaml\' \'yml\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies poster" plain' -l 'plain' -d 'One sentence per item, written to read well aloud.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies poster" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies poster" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox movies favorites" -eq 1' -fa 'list' -d 'Show your favourites.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox movies favorites" -eq 1' -fa 'add' -d 'Add a movie (checked against TMDB first).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_positional "toolbox movies favorites" -eq 1' -fa 'remove' -d 'Remove a movie from your favourites.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites list" json' -l 'json' -d 'Print one JSON document on stdout.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites list" no-color' -l 'no-color' -d 'No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites list" v verbose' -l 'verbose' -s 'v' -d 'Show each HTTP request on stderr.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites list" q quiet' -l 'quiet' -s 'q' -d 'No notices on stderr, errors only.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites list" offline' -l 'offline' -d 'Answer from the cache only, expired entries allowed.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites list" refresh' -l 'refresh' -d 'Ignore cached entries and store fresh answers.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites list" config' -l 'config' -d 'Use this configuration file.' -rfa '(set -l exts \'yaml\' \'yml\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites list" plain' -l 'plain' -d 'One sentence per item, written to read well aloud.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites list" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites add" json' -l 'json' -d 'Print one JSON document on stdout.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites add" no-color' -l 'no-color' -d 'No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites add" v verbose' -l 'verbose' -s 'v' -d 'Show each HTTP request on stderr.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites add" q quiet' -l 'quiet' -s 'q' -d 'No notices on stderr, errors only.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites add" offline' -l 'offline' -d 'Answer from the cache only, expired entries allowed.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites add" refresh' -l 'refresh' -d 'Ignore cached entries and store fresh answers.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites add" config' -l 'config' -d 'Use this configuration file.' -rfa '(set -l exts \'yaml\' \'yml\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites add" plain' -l 'plain' -d 'One sentence per item, written to read well aloud.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites add" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites add" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites remove" json' -l 'json' -d 'Print one JSON document on stdout.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites remove" no-color' -l 'no-color' -d 'No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites remove" v verbose' -l 'verbose' -s 'v' -d 'Show each HTTP request on stderr.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites remove" q quiet' -l 'quiet' -s 'q' -d 'No notices on stderr, errors only.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites remove" offline' -l 'offline' -d 'Answer from the cache only, expired entries allowed.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites remove" refresh' -l 'refresh' -d 'Ignore cached entries and store fresh answers.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites remove" config' -l 'config' -d 'Use this configuration file.' -rfa '(set -l exts \'yaml\' \'yml\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites remove" plain' -l 'plain' -d 'One sentence per item, written to read well aloud.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites remove" version' -l 'version' -d 'Show the version.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox movies favorites remove" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'toolbox' -n '__toolbox_should_offer_completions_for_flags_or_options "toolbox help" version' -l 'version' -d 'Show the version.'
